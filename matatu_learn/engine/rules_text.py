"""The plain-language rules of any ``Rules`` value, generated from its switches,
so that what a player reads is what the engine runs (docs/rules.md §9).

>>> from matatu_learn.engine.rules import PRESETS
>>> print(rules_sections(PRESETS["house"])["The chopper"][0])
The chopper is the 7 of the base card's suit.

A setting that another switch makes pointless is printed as such:

>>> [line for line in switch_lines(PRESETS["bomb"]) if line.startswith("pick_answer")]
['pick_answer = pass_on (no effect: picks_add_up is true)']
"""

from __future__ import annotations

from typing import Any

from .rules import (
    SWITCH_NAMES,
    AfterDraw,
    Calls,
    Chopper,
    CutCounts,
    JackEffect,
    JokerNames,
    Marker,
    MasterAce,
    Opening,
    PickMode,
    Rules,
    Scoring,
)

# What the marker card is called under each ``marker`` setting (no entry: no marker card).
MARKER_NAMES = {"base": "base card", "cutter": "cutter"}


def marker_name(rules: Rules) -> str | None:
    """What the marker card is called: 'base card', 'cutter', or None where there is none.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> marker_name(PRESETS["house"]), marker_name(PRESETS["uganda"]), marker_name(PRESETS["bomb"])
    ('base card', 'cutter', None)
    """
    return MARKER_NAMES.get(rules.marker)


# What each setting changes, in one line: the rules reference (docs/rules.md §10) and
# any editor of rules show these, so a setting is described in this one place.
SWITCH_DESCRIPTIONS: dict[str, str] = {
    "jokers": "The joker mode: 54 cards with the red and black jokers, and every rule marked joker mode.",
    "cut_limit": "The weight limit for a cut, weighed as cut_counts says; null: no limit.",
    "picks_add_up": "Answers to a pick add to the debt, whatever their colour; pick_answer applies only when this is false.",
    "hand_size": 'Cards dealt to each player ("Kenyan deal": 5).',
    "sevens_normal": "Every seven, the chopper too, may also be laid as an ordinary card.",
    "two_value": "The value of a 2.",
    "joker_value": "The value of a joker.",
    "queens_reverse": "A Queen reverses the order of play.",
    "draw_until_playable": "Drawing repeats until a drawn card can be played or nothing is left to draw.",
    "match_target": "Points that end a match, the highest total winning; null: no target.",
    "match_rounds": "Rounds in a match, the lowest cumulative total winning; null: no fixed number.",
    "play_on": "The round goes on after the first player is out, until one player is left; the first out wins the round.",
    "eliminate": "The heaviest hand leaves the match after each round; on a tie for heaviest nobody leaves.",
    "decks": "Decks shuffled together: 2 makes 104 cards (108 with jokers), each card standing twice.",
    "opening": "card: one card is turned up to start the pile, with no effect; bare: the leader plays any card and it takes effect.",
    "marker": "base: a card identity is shown, never dealt as a marker; cutter: a real card lies face up under the stock, out of play; none.",
    "chopper": "Which sevens cut: the 7 of the marker card's suit, or any 7.",
    "cut_counts": "What the cut limit weighs: the cards left after the chop, or the hand including the seven.",
    "cut_winner": "Who wins a cut: the lowest total (equal lowest tie), the cutter only if strictly lightest, or the lowest with the cutter losing ties.",
    "jack": "A Jack jumps the next player, or reverses the order of play.",
    "draw_when_fitting": "A player may draw while holding a card that fits.",
    "after_draw": "After a draw: play any fitting card or pass; the drawn card must be played if it fits; the turn ends; or play the drawn card or pass.",
    "pass_without_draw": "A player may pass at once, without drawing first: they take one card and the turn ends.",
    "pick_answer": "How a pick is answered when picks do not add up: passed on (the same pick card) or compared (by colour and amount).",
    "threes_pick": "In joker mode a 3 makes the next player pick three.",
    "master_ace": "When the Ace of spades cancels any pending pick: always, in joker mode only, or never.",
    "master_ace_cancel": "What follows an Ace of spades cancel: a free play of any card, spades named, or its player names a suit.",
    "joker_names": "What a joker names: a suit chosen by its player, or its own colour.",
    "joker_mode_three_value": "The value of a 3 in joker mode.",
    "joker_mode_master_ace_value": "The value of the Ace of spades in joker mode.",
    "calls": 'The calls owed: none; "Warning!" at two cards and "Card!" at one; or "Matatu!" at one.',
    "catch_penalty": "Cards a player picks up when caught after missing a call.",
    "owed_call_blocks": "A missed call nobody caught blocks its player's next turn until they make it.",
    "scoring": "Round points: every player scores their own hand, or the winner scores the others' hands.",
}


def inactive_causes(rules: Rules) -> dict[str, tuple[str, ...]]:
    """The settings another switch makes pointless, each with the settings that make it so.

    Every value of such a setting plays the same under ``rules``, so the rules text leaves
    it out and the switch lines say so (docs/rules.md §10).

    >>> from matatu_learn.engine.rules import PRESETS
    >>> inactive_causes(PRESETS["bomb"])["pick_answer"], inactive_causes(PRESETS["uganda"])["joker_value"]
    (('picks_add_up',), ('jokers',))
    """
    causes: dict[str, tuple[str, ...]] = {}
    if rules.cut_limit is None:
        causes["cut_counts"] = ("cut_limit",)
    if rules.after_draw is AfterDraw.END:
        # A draw ends the turn at once, before any second card could be drawn.
        causes["draw_until_playable"] = ("after_draw",)
    if rules.picks_add_up:
        causes["pick_answer"] = ("picks_add_up",)
    if not rules.master_ace_cancels:
        causes["master_ace_cancel"] = (
            ("master_ace",) if rules.master_ace is MasterAce.NEVER else ("master_ace", "jokers")
        )
    if not rules.jokers:
        for name in (
            "joker_value",
            "threes_pick",
            "joker_names",
            "joker_mode_three_value",
            "joker_mode_master_ace_value",
        ):
            causes[name] = ("jokers",)
    if rules.calls is Calls.NONE:
        causes["catch_penalty"] = causes["owed_call_blocks"] = ("calls",)
    if rules.match_target is None and rules.match_rounds is None:
        causes["eliminate"] = ("match_target", "match_rounds")  # each round stands alone
    return {name: causes[name] for name in SWITCH_NAMES if name in causes}


def inactive_settings(rules: Rules) -> dict[str, str]:
    """The settings another switch makes pointless, each with the reason in the switches' own notation.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> inactive_settings(PRESETS["bomb"])["pick_answer"]
    'picks_add_up is true'
    >>> inactive_settings(PRESETS["uganda"])["joker_value"]
    'jokers is false'
    """
    return {
        name: " and ".join(f"{cause} is {switch_value_text(getattr(rules, cause))}" for cause in causes)
        for name, causes in inactive_causes(rules).items()
    }


def switch_value_text(value: Any) -> str:
    """A switch value as JSON writes it: true, null, 25, reverse.

    >>> switch_value_text(None), switch_value_text(False), switch_value_text(25)
    ('null', 'false', '25')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def switch_lines(rules: Rules) -> list[str]:
    """``name = value`` lines for every setting, marking those without effect."""
    inactive = inactive_settings(rules)
    lines = []
    for name, value in rules.switches().items():
        line = f"{name} = {switch_value_text(value)}"
        if name in inactive:
            line += f" (no effect: {inactive[name]})"
        lines.append(line)
    return lines


def _deck(rules: Rules) -> list[str]:
    lines = [
        deck_sentence(rules),
        f"2 to 6 players; each is dealt {rules.hand_size} cards. The first seat leads the first round; the lead moves one seat on each round.",
    ]
    if rules.opening is Opening.BARE:
        lines.append("The table starts bare: the leader plays any card, and its effect applies.")
    else:
        lines.append(
            "One card is turned up to start the pile; it has no effect."
            + (" A joker is never turned up: it goes back into the stock." if rules.jokers else "")
        )
    marker = marker_sentence(rules)
    if marker is not None:
        lines.append(marker)
    return lines


def deck_sentence(rules: Rules) -> str:
    """The size of the deck, in one sentence.

    >>> from dataclasses import replace
    >>> from matatu_learn.engine.rules import PRESETS
    >>> print(deck_sentence(replace(PRESETS["uganda"], decks=2)))
    The deck is two decks shuffled together: 104 cards, each card standing twice.
    """
    size = len(rules.deck())
    jokers = " (with the red and black jokers)" if rules.jokers else ""
    if rules.decks == 1:
        return f"The deck has {size} cards{jokers}."
    return f"The deck is two decks shuffled together: {size} cards{jokers}, each card standing twice."


def marker_sentence(rules: Rules) -> str | None:
    """What the marker card is and where it lies; None where these rules have no marker.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> print(marker_sentence(PRESETS["uganda"]))
    The cutter is dealt face up under the stock and is out of play for the round; it is never a seven.
    """
    if rules.marker is Marker.BASE:
        return (
            "A base card is picked at random"
            + (" (never a joker)" if rules.jokers else "")
            + " and shown; it is only a marker, and the card itself stays in the deck."
        )
    if rules.marker is Marker.CUTTER:
        return "The cutter is dealt face up under the stock and is out of play for the round; it is never " + (
            "a joker or a seven." if rules.jokers else "a seven."
        )
    return None


def _turn(rules: Rules) -> list[str]:
    lines = [
        "A card fits when it has the suit in play or the top card's rank, or it is wild (an Ace"
        + ("; a joker" if rules.jokers else "")
        + ")."
    ]
    if rules.draw_when_fitting:
        lines.append("You may draw a card even when you hold one that fits.")
    else:
        lines.append("You draw only when nothing in your hand can be played.")
    after = {
        "any_fitting": "After drawing you may play the drawn card or any other card that fits, or pass (no second card).",
        "drawn_must": "After drawing, the drawn card must be played if it can be"
        + ("" if rules.sevens_normal else " (a drawn chopper must cut when your hand is light enough)")
        + "; otherwise the turn ends.",
        "end": "Drawing ends your turn.",
        "drawn_or_pass": "After drawing you may play the drawn card if it fits, or pass.",
    }[rules.after_draw]
    draw_until = rules.draw_until_playable and "draw_until_playable" not in inactive_settings(rules)
    if draw_until and rules.after_draw is AfterDraw.DRAWN_MUST:
        after = after.split(";")[0] + "."  # a card that cannot be played means drawing again, not the end of the turn
    lines.append(after)
    if draw_until:
        lines.append(
            "Draw until you can play: drawing repeats until a drawn card can be played; when nothing is left to draw, the turn ends."
        )
    if rules.pass_without_draw:
        lines.append(
            "You may pass at once, even with a card that fits: passing takes one card from the stock and ends "
            "your turn, without playing it."
        )
    else:
        lines.append("You may not pass at once: draw first.")
    lines.append(
        "When the stock runs out, the pile except its top card is shuffled into a new stock"
        + (" (the cutter stays out of play)" if rules.marker is Marker.CUTTER else "")
        + "."
    )
    lines.append(
        "If a whole round of the table passes with nobody playing or taking a card, the round ends blocked and the lightest hand wins."
    )
    return lines


def _specials(rules: Rules) -> list[str]:
    if rules.jack is JackEffect.REVERSE:
        lines = ["An 8 jumps the next player; a Jack reverses the order of play."]
    else:
        lines = ["An 8 or a Jack jumps the next player."]
    if rules.queens_reverse:
        lines.append("A Queen reverses the order of play.")
    reverses = rules.jack is JackEffect.REVERSE or rules.queens_reverse
    lines.append("With two players a jump" + (" or a reverse" if reverses else "") + " means you play again.")
    lines.append("An Ace is wild while no pick is pending, and its player names the suit that follows.")
    picks = ["a 2 makes the next player pick two"]
    if rules.threes_are_picks:
        picks.append("a 3 pick three")
    if rules.jokers:
        picks.append("a joker pick five")
    lines.append("Picks: " + ", ".join(picks) + ". While a pick is pending you may only answer it or pick up.")
    mode = rules.pick_mode
    if mode is PickMode.ADD_UP:
        lines.append(
            "Picks add up: any pick card answers a 2"
            + (" or a 3" if rules.threes_are_picks else "")
            + ", and the next player owes the sum"
            + ("; only a joker answers a joker." if rules.jokers else ".")
        )
    elif mode is PickMode.PASS_ON:
        # Only the same pick card answers: the engine compares ranks, and jokers add five.
        sentence = "Picks are passed on: a 2 on a 2 makes the next player owe two, never more"
        if rules.threes_are_picks:
            sentence += "; a 3 on a 3, three"
        if rules.jokers:
            kinds = "2s, 3s and jokers" if rules.threes_are_picks else "2s and jokers"
            sentence += f"; a joker on a joker adds five. {kinds} never answer each other."
        else:
            sentence += "."
        lines.append(sentence)
    else:
        lines.append(
            "Picks are compared: an answer must be a pick card of the pick's colour"
            + (" (a joker always answers a joker)" if rules.jokers else "")
            + ". "
            "Bigger: the next player owes the answer's own amount; equal: the pick is cancelled; "
            "smaller: you pick the difference and your turn ends."
        )
    if rules.master_ace_cancels:
        after = {
            "free": "no suit is named and the next player may play any card at all",
            "spades": "it names spades",
            "name": "its player names a suit",
        }[rules.master_ace_cancel]
        lines.append(f"The Ace of spades cancels any pick; after the cancel {after}.")
    if rules.jokers:
        if rules.joker_names is JokerNames.COLOUR:
            lines.append(
                "A joker is wild and names its own colour: the next card must be of that colour, an Ace or the other joker,"
                " also after its five have been picked up."
            )
        else:
            lines.append("A joker is wild and its player names a suit.")
    lines.append("A last card names nothing and starts no pick: the round is over.")
    return lines


def cut_limit_sentence(rules: Rules) -> str:
    """The weight limit of a cut, and how it is counted."""
    if rules.cut_limit is None:
        return "There is no weight limit: a chopper cuts whatever your hand is worth."
    if rules.cut_counts is CutCounts.AFTER:
        return f"You may cut when the cards left after the chop are worth {rules.cut_limit} or less (the chopper itself not counted)."
    return f"You may cut when your hand, the seven included, is worth {rules.cut_limit} or less."


def _chopper(rules: Rules) -> list[str]:
    if rules.chopper is Chopper.ANY_SEVEN:
        lines = ["Any 7 is a chopper."]
    else:
        lines = [f"The chopper is the 7 of the {marker_name(rules)}'s suit."]
        lines.append("The other sevens are ordinary cards.")
    # Only a call that blocks the turn stops a cut; a catchable one does not.
    call_blocks = rules.owed_call_blocks and "owed_call_blocks" not in inactive_settings(rules)
    lines.append(
        "To cut, lay the chopper on the pile: it must fit, and you cannot cut while a pick is pending"
        + (" or a call is owed." if call_blocks else ".")
    )
    lines.append(cut_limit_sentence(rules))
    if rules.sevens_normal:
        lines.append("Every seven, the chopper too, may also be laid as an ordinary card.")
    elif rules.cut_limit is None:
        lines.append("A chopper is laid only to cut.")
    else:
        lines.append("A chopper is laid only to cut: when it is too heavy to cut it stays in your hand.")
    winner = {
        "lowest": "The lowest hand total wins the cut; equal lowest totals tie.",
        "strictly_lightest": "The cutter wins only if strictly lightest; otherwise the lightest of the other hands wins (equal lightest: a tie).",
        "cutter_loses_ties": "The lowest hand total wins the cut; the cutter loses ties.",
    }[rules.cut_winner]
    lines.append(winner)
    return lines


def _calls(rules: Rules) -> list[str]:
    if rules.calls is Calls.NONE:
        return ["There are no calls."]
    if rules.calls is Calls.WARNING_CARD:
        lines = [
            'A play that leaves you two cards must say "Warning!" as you lay it; one that leaves you one card, "Card!".'
        ]
    else:
        lines = ['The play that leaves you one card must say "Matatu!" as you lay it.']
    penalty = str(rules.catch_penalty) if rules.catch_penalty else "nothing"
    lines.append(
        f"The next player to act may catch a missed call before their own move: the silent player picks up {penalty}."
    )
    if rules.owed_call_blocks:
        late = "call warning or call card" if rules.calls is Calls.WARNING_CARD else "call matatu"
        lines.append(
            f"If nobody catches it, the silent player must make the call ({late}) before they play, draw or cut again. "
            "Any card taken, by a draw or a penalty, cancels an owed call."
        )
    else:
        lines.append("The chance to catch ends when that next player moves.")
    return lines


def _scoring(rules: Rules) -> list[str]:
    if rules.play_on:
        lines = [
            "Playing your last card wins the round, and your hand counts 0; the last card has no effect. "
            "The others play on, passing over the players who are out, until one player is left. "
            "A cut or a blocked table still ends the round at once; the first out keeps the win."
        ]
    else:
        lines = ["Playing your last card ends the round at once: your hand counts 0."]
    values = rules.card_values()
    two = values[1]
    value_line = f"Card values: 2 = {two}, 3 = {values[2]}, 4-10 face value, J 11, Q 12, K 13, Ace 15"
    if values[0] != 15:
        value_line += f", the Ace of spades {values[0]}"
    if rules.jokers:
        value_line += f", joker {rules.joker_value}"
    lines.append(value_line + ".")
    if rules.scoring is Scoring.WINNER_TAKES_TABLE:
        lines.append(
            "The winner scores the sum of everybody else's hands; the others score 0. Tied winners each score the hands of the players not tied."
        )
    else:
        lines.append("Every player scores their own hand total; the lowest wins.")
    lines.append(match_sentence(rules))
    if rules.eliminate and "eliminate" not in inactive_settings(rules):
        lines.append(
            "After each round the player with the heaviest hand leaves the match; on a tie for heaviest nobody leaves. "
            "The last player left wins the match."
        )
    return lines


def match_sentence(rules: Rules) -> str:
    """How a match of these rules is played, in one sentence.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> print(match_sentence(PRESETS["party"]))
    A match is 5 rounds; the lowest cumulative total wins.
    """
    if rules.match_target is not None:
        return f"A match goes on until somebody reaches {rules.match_target} points; the highest total wins."
    if rules.match_rounds is not None:
        return f"A match is {rules.match_rounds} rounds; the lowest cumulative total wins."
    return "Each round stands alone."


def rules_sections(rules: Rules) -> dict[str, list[str]]:
    """The rules in sections of plain sentences, every one generated from a switch."""
    return {
        "Deck and deal": _deck(rules),
        "A turn": _turn(rules),
        "Special cards": _specials(rules),
        "The chopper": _chopper(rules),
        "Calls": _calls(rules),
        "End of a round and scoring": _scoring(rules),
    }


def rules_text(rules: Rules, title: str = "") -> str:
    """The rules as text, with every switch value at the end."""
    parts = [title, "=" * len(title), ""] if title else []
    for heading, lines in rules_sections(rules).items():
        parts.append(heading)
        parts.extend(f"- {line}" for line in lines)
        parts.append("")
    parts.append("Switches")
    parts.extend(f"  {line}" for line in switch_lines(rules))
    return "\n".join(parts)
