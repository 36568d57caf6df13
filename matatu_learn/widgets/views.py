"""The building blocks of every lesson: a ruleset picker, the table, and a hand.

They draw what the engine says. The table is drawn from a view: a seat's
``PlayerView`` holds only what that seat could see, so the page cannot show more;
a ``TeacherView`` shows every hand, for lessons and finished games.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence

import ipywidgets as widgets

from ..engine.actions import Action
from ..engine.cards import CARD_NAMES, DECK
from ..engine.round import Round
from ..engine.rules import PRESETS, Rules
from ..engine.rules_text import marker_name, marker_sentence
from ..engine.view import PlayerView
from ..teaching.lessons import RULESET_CHOICES, ruleset_name, ruleset_rules
from ..teaching.voice import (
    SUIT_WORDS,
    Voice,
    action_words,
    card_name,
    card_verdict,
    card_words,
    chopper_words,
    count,
    seat_names,
)
from .bounds import KernelChoice
from .live import LiveHTML
from .svg import STYLE, back_html, card_html

# Backs drawn for one hidden hand before the rest is only counted, so a big hand keeps the page narrow.
BACKS_DRAWN = 12
# Card widths at a 1366 px window (svg.CARD_SCALE scales them): a hand's cards are big enough to read.
HAND_WIDTH, PILE_WIDTH, MARKER_WIDTH = 58, 64, 48


def choice_label(key: str) -> str:
    """A ruleset choice as a picker names it: as people say it.

    >>> choice_label("uganda"), choice_label("bomb-classic")
    ('Uganda Classic', '54-card app rules, classic 52 cards')
    """
    return ruleset_name(key)


class RulesetPicker(KernelChoice, widgets.Dropdown):
    """A dropdown of the rulesets and their modes; ``.rules`` is the chosen ``Rules``.

    ``choices`` narrows it to some keys of the lessons' ruleset choices; ``modes=False``
    leaves out each preset's other mode.
    """

    def __init__(self, value: str = "house", modes: bool = True, choices: Sequence[str] | None = None, **kwargs):
        keys = [key for key in (RULESET_CHOICES if choices is None else choices) if modes or key in PRESETS]
        kwargs.setdefault("description", "Ruleset")
        kwargs.setdefault("style", {"description_width": "initial"})
        kwargs.setdefault("layout", widgets.Layout(width="max-content", max_width="100%"))
        super().__init__(options=[(choice_label(key), key) for key in keys], value=value, **kwargs)

    @property
    def rules(self) -> Rules:
        return ruleset_rules(self.value)

    @property
    def preset(self) -> str:
        return RULESET_CHOICES[self.value][1]


# A sentence beside a card takes the room left and wraps, instead of pushing the row past the window.
TEXT_BESIDE = "flex:1 1 16em;min-width:0"


def marker_html(view: PlayerView) -> str:
    """The base card or cutter, what it is, and which seven is the chopper — all in the engine's words."""
    name = marker_name(view.rules)
    chopper = chopper_words(view)
    if name is None:
        return f'<p class="matatu-note">No marker card: {html.escape(chopper)}.</p>'
    # The engine says which card is the chopper; the widget only names it.
    choppers = ", ".join(card_name(card) for card in DECK[:52] if view.is_chopper(card))
    return (
        f'<div class="matatu-row">{card_html(view.marker, MARKER_WIDTH)}<p class="matatu-note" style="{TEXT_BESIDE}">'
        f"<b>{html.escape(name[0].upper() + name[1:])}: {card_name(view.marker)}</b>. "
        f'<span class="matatu-marker-rule">{html.escape(marker_sentence(view.rules))}<br></span>'
        f"{html.escape(chopper[0].upper() + chopper[1:])}: <b>{choppers}</b>.</p></div>"
    )


def card_marks(view: PlayerView, seat: int) -> dict[int, tuple[str, ...]]:
    """The marks of a seat's cards as ``view`` sees them: its choppers, and the cards it may lay now.

    >>> from matatu_learn import PRESETS, PlayerView
    >>> from matatu_learn.teaching.scenarios import read_position
    >>> game = read_position(PRESETS["bomb"], {"hands": ["7♦ K♣", "Q♠"], "pile": "4♦"})
    >>> {str(card): marks for card, marks in card_marks(PlayerView(game, 0), 0).items()}
    {'7♦': ('chopper', 'can be played')}
    """
    hand = view.visible_hand(seat) or ()
    # Only the seat to move may lay a card; view.legal holds nothing for a seat that is not it.
    playable = {action.card for action in view.legal} if seat == view.to_move and not view.over else set()
    marks = {}
    for card in hand:
        words = ("chopper",) if view.is_chopper(card) else ()
        words += ("can be played",) if card in playable else ()
        if words:
            marks[card] = words
    return marks


def _facts(view: PlayerView, names: tuple[str, ...]) -> list[str]:
    facts = []
    if view.suit_in_play is not None:
        named = " (named)" if view.named_suit is not None else ""
        facts.append(f"suit in play: <b>{SUIT_WORDS[view.suit_in_play]}</b>{named}")
    if view.colour is not None:
        facts.append(f"the joker's colour is in force: <b>{view.colour}</b>")
    if view.free:
        facts.append("free play after the Ace of spades cancelled the pick: any card")
    if view.pending:
        facts.append(f"<b>{html.escape(names[view.to_move])} {_owe(names[view.to_move])} {count(view.pending)}</b>")
    if view.over:
        facts.append(f"<b>{html.escape(Voice(view.players, names=names).result(view.result))}</b>")
    else:
        facts.append(f"<b>{html.escape(names[view.to_move])}</b> to move")
    facts.append("play goes " + ("clockwise ↻" if view.direction == 1 else "anticlockwise ↺"))
    return facts


def _owe(name: str) -> str:
    return "owe" if name == "You" else "owes"


def table_html(
    view: PlayerView,
    marks: bool = True,
    names: tuple[str, ...] | None = None,
    hands: Collection[int] | None = None,
    changed: Collection[int] = (),
) -> str:
    """The table as ``view`` sees it: a hand it cannot see is face-down backs, which carry no identity.

    ``marks`` writes under each visible card whether it is a chopper or may be laid now; a puzzle
    that asks exactly that draws the table without them. ``names`` are the seats' names (default:
    the lessons' names, the viewer being "You"), the same the sentences beside the table use.
    ``hands``: the seats whose hands are drawn (default: every seat; a page that draws the viewer's
    hand as buttons leaves it out). ``changed``: the visible cards the last move brought, outlined.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(
            f"The table is drawn from a view, not a {type(view).__name__}: "
            "pass PlayerView(game, seat) for one seat, or TeacherView(game) for every hand."
        )
    top = (
        card_html(view.top, PILE_WIDTH, note="the top of the pile", changed=view.top in changed)
        if view.top is not None
        else "<p><i>bare table</i></p>"
    )
    pile = f'<div><div class="matatu-note">pile ({view.pile_size})</div>{top}</div>'
    stock = (
        f'<div><div class="matatu-note">stock ({view.stock_size})</div>'
        f"{back_html(PILE_WIDTH, f'stock of {count(view.stock_size)}')}</div>"
    )
    if names is None:
        names = seat_names(view.players, viewer=view.seat)
    rows = []
    for seat, size in enumerate(view.hand_sizes):
        if hands is not None and seat not in hands:
            continue
        hand = view.visible_hand(seat)
        if hand is not None:
            marked = card_marks(view, seat) if marks else {}
            cards = "".join(
                card_html(card, HAND_WIDTH, marks=marked.get(card, ()), changed=card in changed) for card in hand
            )
        else:
            cards = "".join(back_html(HAND_WIDTH, "a card in another hand") for _ in range(min(size, BACKS_DRAWN)))
            cards += f'<span class="matatu-note">{count(size)}</span>' if size > BACKS_DRAWN else ""
        to_move = " ◀ to move" if seat == view.to_move and not view.over else ""
        rows.append(
            f'<div><div class="matatu-note">{html.escape(names[seat])} — {count(size)}{to_move}</div>'
            f'<div class="matatu-row matatu-hand">{cards}</div></div>'
        )
    return (
        f'{STYLE}<div class="matatu-row matatu-felt" style="gap:16px">{pile}{stock}<div style="{TEXT_BESIDE}">'
        f"{marker_html(view)}</div></div>"
        # A live region: a screen reader hears whose turn it is as the table changes.
        f'<p class="matatu-note" role="status" aria-live="polite">{" · ".join(_facts(view, names))}</p>{"".join(rows)}'
    )


class TableView(widgets.HTML):
    """The pile, the stock, the marker and chopper, every hand, whose turn, the direction, a pending pick.

    Fed a view: ``TableView(PlayerView(game, seat))`` draws other hands as face-down backs, so the
    page holds no card that seat could not see; ``TableView(TeacherView(game))`` shows every hand.

    >>> from matatu_learn import PRESETS, Round, PlayerView
    >>> game = Round(PRESETS["house"], players=3, seed=5)
    >>> table = TableView(PlayerView(game, 0))
    >>> table.value.count('aria-label="a card in another hand"')
    14
    """

    def __init__(self, view: PlayerView | None = None, **kwargs):
        super().__init__(**kwargs)
        self.view: PlayerView | None = None
        if view is not None:
            self.show(view)

    def show(
        self,
        view: PlayerView,
        marks: bool = True,
        names: tuple[str, ...] | None = None,
        hands: Collection[int] | None = None,
        changed: Collection[int] = (),
    ) -> None:
        """Draw the table as ``view`` sees it now (the options: see ``table_html``)."""
        self.value = table_html(view, marks, names, hands, changed)
        self.view = view

    def clear(self) -> None:
        self.value = ""
        self.view = None


class HandView(widgets.VBox):
    """One seat's hand: every card says whether it can be played now and, on a tap, why not.

    Each card's picture is its button (the button under it reaches over the whole card), so a tap
    anywhere on the card answers, and the keyboard reaches every card by Tab. ``on_action(action)``
    is called when the learner plays a legal card; without it the view only teaches (tap a card to
    hear yes or why not). What a tap says is heard as it changes (a live region).
    """

    def __init__(self, game: Round, seat: int, on_action: Callable[[Action], None] | None = None):
        super().__init__()
        self.on_action = on_action
        self.message = LiveHTML()  # what a tap says, heard as it changes
        self.cards_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [self.cards_box, self.message]
        self.add_class("matatu-hand-choice")
        self.show(game, seat)

    def show(self, game: Round, seat: int) -> None:
        self.game, self.seat = game, seat
        boxes = []
        self.buttons: dict[str, widgets.Button] = {}
        my_turn = game.to_move == seat and not game.over
        self.voice = Voice(game.players, viewer=seat)
        for card in game.hands[seat]:
            actions, reason = card_verdict(game, card, self.voice) if my_turn else ([], "It is not your turn.")
            marks = (("chopper",) if game.is_chopper(card) else ()) + (("can be played",) if actions else ())
            face = widgets.HTML(STYLE + card_html(card, HAND_WIDTH, note=reason, dimmed=not actions, marks=marks))
            name = CARD_NAMES[card]
            button = widgets.Button(
                description=name if actions else f"{name}?",
                button_style="success" if actions else "",
                tooltip=(f"Lay {card_words(card)}" if actions else f"Why can't {card_words(card)} be laid?"),
                layout=widgets.Layout(width="auto", min_width="64px"),
            )
            button.on_click(lambda _, card=card: self.choose(card))
            self.buttons[name] = button
            box = widgets.VBox([face, button], layout=widgets.Layout(align_items="center"))
            box.add_class("matatu-card-choice")
            boxes.append(box)
        self.cards_box.children = boxes
        self.message.value = ""

    def choose(self, card: int) -> None:
        """What a tap on a card does: tell yes or why not, and play it when this view plays."""
        actions, reason = card_verdict(self.game, card, self.voice)
        verdict = "✔ Yes" if actions else "✘ No"
        choices = ""
        if len(actions) > 1:
            choices = "<br>Ways to lay it: " + "; ".join(html.escape(action_words(action.text)) for action in actions)
        self.message.value = f'<p class="matatu-note"><b>{verdict}</b> — {html.escape(reason)}{choices}</p>'
        if actions and self.on_action is not None and len(actions) == 1:
            self.on_action(actions[0])

    def focus_first(self) -> None:
        """Keyboard focus on the hand's first card (after a move redrew it), if it has one."""
        if self.buttons:
            next(iter(self.buttons.values())).focus()


def hand_verdicts_html(game: Round, seat: int) -> str:
    """Each card of a hand with the engine's yes or why not, as a list (for reading, or checking)."""
    items = []
    voice = Voice(game.players, viewer=seat)
    for card in game.hands[seat]:
        actions, reason = card_verdict(game, card, voice)
        items.append(f"<li>{'✔' if actions else '✘'} <b>{card_name(card)}</b>: {html.escape(reason)}</li>")
    return "<ul>" + "".join(items) + "</ul>"
