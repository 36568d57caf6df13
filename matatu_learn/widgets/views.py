"""The building blocks of every lesson: a ruleset picker, the table, and a hand.

They draw what the engine says. A view for a seat is built from that seat's
``PlayerView``, so it cannot show what the seat could not see.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ..engine.actions import Action
from ..engine.cards import CARD_NAMES, SUIT_OF, SUIT_SYMBOLS, make_card
from ..engine.explain import card_verdict, chopper_text
from ..engine.round import Round
from ..engine.rules import PRESETS, Rules
from ..engine.view import PlayerView
from ..teaching.lessons import RULESET_CHOICES, ruleset_rules
from .svg import STYLE, back_html, card_html


class RulesetPicker(widgets.Dropdown):
    """A dropdown of the rulesets and their modes; ``.rules`` is the chosen ``Rules``."""

    def __init__(self, value: str = "house", modes: bool = True, **kwargs):
        keys = [key for key in RULESET_CHOICES if modes or key in PRESETS]
        super().__init__(
            options=[(RULESET_CHOICES[key][0], key) for key in keys],
            value=value,
            description="Ruleset",
            style={"description_width": "initial"},
            **kwargs,
        )

    @property
    def rules(self) -> Rules:
        return ruleset_rules(self.value)

    @property
    def preset(self) -> str:
        return RULESET_CHOICES[self.value][1]


def marker_html(game) -> str:
    """The base card or cutter, and which seven is the chopper, in words (from a round or a seat's view)."""
    rules = game.rules
    if rules.marker == "none":
        return f'<p class="matatu-note">No marker card: {chopper_text(game)}.</p>'
    suit = SUIT_OF[game.marker]
    chopper = CARD_NAMES[make_card(7, suit)]
    if rules.marker == "base":
        what = "Base card (only a marker: the card itself stays in the deck)"
    else:
        what = "Cutter (dealt face up under the stock, out of play this round)"
    return (
        f'<div class="matatu-row">{card_html(game.marker, 48)}<p class="matatu-note"><b>{what}</b><br>'
        f"It has the suit {SUIT_SYMBOLS[suit]}, so the chopper is <b>{chopper}</b>.</p></div>"
    )


def _facts(game) -> list[str]:
    facts = []
    if game.suit_in_play is not None:
        named = " (named)" if game.named_suit is not None else ""
        facts.append(f"suit in play: <b>{SUIT_SYMBOLS[game.suit_in_play]}</b>{named}")
    if game.colour is not None:
        facts.append(f"the joker's colour is in force: <b>{game.colour}</b>")
    if game.free:
        facts.append("free play after the A♠ cancel: any card")
    if game.pending:
        facts.append(f"<b>seat {game.to_move} owes {game.pending} cards</b>")
    if game.over:
        facts.append(f"the round is over ({game.result.reason})")
    else:
        facts.append(f"seat <b>{game.to_move}</b> to move")
    facts.append("play goes " + ("clockwise ↻" if game.direction == 1 else "anticlockwise ↺"))
    return facts


class TableView(widgets.HTML):
    """The pile, the stock, the marker and chopper, whose turn, the direction, a pending pick.

    With ``viewer`` set, other hands are face-down backs: the page holds no hidden card.
    With ``viewer=None`` (a teacher's view of a lesson) every hand is face up.
    """

    def __init__(self, game: Round | None = None, viewer: int | None = None, **kwargs):
        super().__init__(**kwargs)
        self.viewer = viewer
        if game is not None:
            self.show(game)

    def show(self, game: Round) -> None:
        # A seat's table is drawn from that seat's PlayerView: what it cannot see is not at hand.
        shown = game if self.viewer is None else PlayerView(game, self.viewer)
        if self.viewer is None:
            hands: list = list(game.hands)
            sizes = [len(hand) for hand in game.hands]
            pile_size, stock_size = len(game.pile), len(game.stock)
        else:
            sizes = list(shown.hand_sizes)
            hands = [shown.hand if seat == self.viewer else None for seat in range(len(sizes))]
            pile_size, stock_size = shown.pile_size, shown.stock_size
        top = (
            card_html(shown.top, 64, note="the top of the pile")
            if shown.top is not None
            else "<p><i>bare table</i></p>"
        )
        pile = f'<div><div class="matatu-note">pile ({pile_size})</div>{top}</div>'
        stock = f'<div><div class="matatu-note">stock ({stock_size})</div>{back_html(64, f"stock of {stock_size} cards")}</div>'
        rows = []
        for seat, hand in enumerate(hands):
            if hand is not None:
                cards = "".join(card_html(card, 40) for card in hand)
            else:
                cards = "".join(back_html(40, "a card in another hand") for _ in range(min(sizes[seat], 12)))
                cards += f'<span class="matatu-note">{sizes[seat]} cards</span>' if sizes[seat] > 12 else ""
            marker = " ◀ to move" if seat == shown.to_move and not shown.over else ""
            rows.append(
                f'<div><div class="matatu-note">seat {seat} — {sizes[seat]} cards{marker}</div>'
                f'<div class="matatu-row">{cards}</div></div>'
            )
        self.value = (
            f'{STYLE}<div class="matatu-row" style="gap:16px">{pile}{stock}<div>{marker_html(shown)}</div></div>'
            f'<p class="matatu-note">{" · ".join(_facts(shown))}</p>{"".join(rows)}'
        )


class HandView(widgets.VBox):
    """One seat's hand: every card says whether it can be played now and, on hover or click, why not.

    ``on_action(action)`` is called when the learner plays a legal card; without it the
    view only teaches (click a card to hear yes or why not).
    """

    def __init__(self, game: Round, seat: int, on_action: Callable[[Action], None] | None = None):
        super().__init__()
        self.on_action = on_action
        self.message = widgets.HTML()
        self.cards_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [self.cards_box, self.message]
        self.show(game, seat)

    def show(self, game: Round, seat: int) -> None:
        self.game, self.seat = game, seat
        boxes = []
        self.buttons: dict[str, widgets.Button] = {}
        my_turn = game.to_move == seat and not game.over
        for card in game.hands[seat]:
            actions, reason = card_verdict(game, card) if my_turn else ([], "It is not your turn.")
            face = widgets.HTML(card_html(card, 56, note=reason, dimmed=not actions))
            name = CARD_NAMES[card]
            button = widgets.Button(
                description=name if actions else f"{name}?",
                button_style="success" if actions else "",
                tooltip=(f"Play {name}" if actions else f"Why can't {name} be played?"),
                layout=widgets.Layout(width="64px"),
            )
            button.on_click(lambda _, card=card: self.choose(card))
            self.buttons[name] = button
            boxes.append(widgets.VBox([face, button], layout=widgets.Layout(align_items="center")))
        self.cards_box.children = boxes
        self.message.value = ""

    def choose(self, card: int) -> None:
        """What a click on a card does: tell yes or why not, and play it when this view plays."""
        actions, reason = card_verdict(self.game, card)
        verdict = "✔ Yes" if actions else "✘ No"
        choices = ""
        if len(actions) > 1:
            choices = "<br>Ways to lay it: " + ", ".join(
                f"<code>{html.escape(str(action))}</code>" for action in actions
            )
        self.message.value = f'<p class="matatu-note"><b>{verdict}</b> — {html.escape(reason)}{choices}</p>'
        if actions and self.on_action is not None and len(actions) == 1:
            self.on_action(actions[0])


def hand_verdicts_html(game: Round, seat: int) -> str:
    """Each card of a hand with the engine's yes or why not, as a list (for reading, or checking)."""
    items = []
    for card in game.hands[seat]:
        actions, reason = card_verdict(game, card)
        items.append(f"<li>{'✔' if actions else '✘'} <b>{CARD_NAMES[card]}</b>: {html.escape(reason)}</li>")
    return "<ul>" + "".join(items) + "</ul>"
