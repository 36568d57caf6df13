"""The plain-language rules of any ``Rules`` value, generated from its switches,
so that what a player reads is what the engine runs.

>>> from matatu_learn.engine.rules import PRESETS
>>> print(rules_sections(PRESETS["house"])["The chopper"][0])
The chopper is the 7 of the base card's suit.
"""

from __future__ import annotations

from .rules import Rules, switch_lines


def _deck(rules: Rules) -> list[str]:
    lines = [
        f"The deck has {54 if rules.jokers else 52} cards{' (with the red and black jokers)' if rules.jokers else ''}.",
        f"2 to 6 players; each is dealt {rules.hand_size} cards. Seat 0 leads the first round; the lead moves one seat each round.",
    ]
    if rules.opening == "bare":
        lines.append("The table starts bare: the leader plays any card, and its effect applies.")
    else:
        lines.append("One card is turned up to start the pile; it has no effect. A joker is never turned up: it goes back into the stock.")
    if rules.marker == "base":
        lines.append("A base card is picked at random (never a joker) and shown; it is only a marker, and the card itself stays in the deck.")
    elif rules.marker == "cutter":
        lines.append("The cutter is dealt face up under the stock and is out of play for the round; it is never a joker or a seven.")
    return lines


def _turn(rules: Rules) -> list[str]:
    lines = ["A card fits when it has the suit in play or the top card's rank, or it is wild (an Ace"
             + ("; a joker" if rules.jokers else "") + ")."]
    if rules.draw_when_fitting:
        lines.append("You may draw a card even when you hold one that fits.")
    else:
        lines.append("You draw only when nothing in your hand can be played.")
    after = {
        "any_fitting": "After drawing you may play the drawn card or any other card that fits, or pass (no second card).",
        "drawn_must": "After drawing, the drawn card must be played if it fits; otherwise the turn ends.",
        "end": "Drawing ends your turn.",
        "drawn_or_pass": "After drawing you may play the drawn card if it fits, or pass.",
    }[rules.after_draw]
    lines.append(after)
    if rules.draw_until_playable:
        lines.append("Draw until you can play: drawing repeats until a drawn card can be played or nothing is left to draw.")
    if rules.pass_without_draw:
        lines.append("You may pass without drawing, even with a card that fits: you take one card and your turn ends.")
    else:
        lines.append("There is no pass without drawing.")
    lines.append("When the stock runs out, the pile except its top card is shuffled into a new stock"
                 + (" (the cutter stays out of play)" if rules.marker == "cutter" else "") + ".")
    lines.append("If a whole round of the table passes with nobody playing or taking a card, the round ends blocked and the lightest hand wins.")
    return lines


def _specials(rules: Rules) -> list[str]:
    jack = "reverses the order of play" if rules.jack == "reverse" else "jumps the next player"
    lines = [f"An 8 jumps the next player; a Jack {jack}."]
    if rules.queens_reverse:
        lines.append("A Queen reverses the order of play.")
    lines.append("With two players a jump or a reverse means you play again.")
    lines.append("An Ace is wild while no pick is pending, and its player names the suit that follows.")
    picks = ["a 2 makes the next player pick two"]
    if rules.threes_are_picks:
        picks.append("a 3 pick three")
    if rules.jokers:
        picks.append("a joker pick five")
    lines.append("Picks: " + ", ".join(picks) + ". While a pick is pending you may only answer it or pick up.")
    mode = rules.pick_mode
    if mode == "add_up":
        lines.append("Picks add up: any pick card answers a 2" + (" or a 3" if rules.threes_are_picks else "")
                     + ", and the next player owes the sum" + ("; only a joker answers a joker." if rules.jokers else "."))
    elif mode == "pass_on":
        lines.append("Picks are passed on: a 2 on a 2 makes the next player owe two, never more"
                     + ("; a joker on a joker adds five. 2s and jokers never answer each other." if rules.jokers else "."))
    else:
        lines.append("Picks are compared: an answer must be a pick card of the pick's colour (a joker always answers a joker). "
                     "Bigger: the next player owes the answer's own amount; equal: the pick is cancelled; "
                     "smaller: you pick the difference and your turn ends.")
    if rules.master_ace_cancels:
        after = {
            "free": "no suit is named and the next player may play any card at all",
            "spades": "it names ♠",
            "name": "its player names a suit",
        }[rules.master_ace_cancel]
        lines.append(f"The A♠ cancels any pick; after the cancel {after}.")
    if rules.jokers:
        if rules.joker_names == "colour":
            lines.append("A joker is wild and names its own colour: the next card must be of that colour, an Ace or the other joker.")
        else:
            lines.append("A joker is wild and its player names a suit.")
    lines.append("A last card names nothing and starts no pick: the round is over.")
    return lines


def cut_limit_sentence(rules: Rules) -> str:
    """The weight limit of a cut, and how it is counted."""
    if rules.cut_limit is None:
        return "There is no weight limit: a chopper cuts whatever your hand is worth."
    if rules.cut_counts == "after":
        return f"You may cut when the cards left after the chop are worth {rules.cut_limit} or less (the chopper itself not counted)."
    return f"You may cut when your hand, the seven included, is worth {rules.cut_limit} or less."


def _chopper(rules: Rules) -> list[str]:
    if rules.chopper == "any_seven":
        lines = ["Any 7 is a chopper."]
    else:
        marker = "base card" if rules.marker == "base" else "cutter"
        lines = [f"The chopper is the 7 of the {marker}'s suit."]
    lines.append("Cut with 'cut 7♦': the chopper must fit the pile, and you cannot cut while a pick is pending"
                 + (" or a call is owed." if rules.calls == "warning_card" else "."))
    lines.append(cut_limit_sentence(rules))
    if rules.sevens_normal:
        lines.append("Every seven, the chopper too, may also be laid as an ordinary card.")
    else:
        lines.append("A chopper is never laid as an ordinary card: when it is too heavy to cut it stays in your hand.")
    winner = {
        "lowest": "The lowest hand total wins the cut; equal lowest totals tie.",
        "strictly_lightest": "The cutter wins only if strictly lightest; otherwise the lightest of the other hands wins (equal lightest: a tie).",
        "cutter_loses_ties": "The lowest hand total wins the cut; the cutter loses ties.",
    }[rules.cut_winner]
    lines.append(winner)
    return lines


def _calls(rules: Rules) -> list[str]:
    if rules.calls == "none":
        return ["There are no calls."]
    if rules.calls == "warning_card":
        lines = ["A play that leaves you two cards must say \"Warning!\" (play 5♣ warning); one that leaves you one card, \"Card!\"."]
    else:
        lines = ["The play that leaves you one card must say \"Matatu!\" (play 5♣ matatu)."]
    lines.append(f"The next player to act may catch a missed call before their own move: the silent player picks up {rules.catch_penalty}.")
    if rules.owed_call_blocks:
        lines.append("If nobody catches it, the silent player must make the call (call warning) before they play, draw or cut again. Any draw cancels an owed call.")
    else:
        lines.append("The chance to catch ends when that next player moves.")
    return lines


def _scoring(rules: Rules) -> list[str]:
    lines = ["Playing your last card ends the round at once: your hand counts 0."]
    values = rules.card_values()
    two = values[1]
    value_line = f"Card values: 2 = {two}, 3 = {values[2]}, 4-10 face value, J 11, Q 12, K 13, Ace 15"
    if values[0] != 15:
        value_line += f", A♠ {values[0]}"
    if rules.jokers:
        value_line += f", joker {rules.joker_value}"
    lines.append(value_line + ".")
    if rules.scoring == "winner_takes_table":
        lines.append("The winner scores the sum of everybody else's hands; the others score 0. Tied winners each score the hands of the players not tied.")
    else:
        lines.append("Every player scores their own hand total; the lowest wins.")
    if rules.match_target is not None:
        lines.append(f"A match goes on until somebody reaches {rules.match_target} points; the highest total wins.")
    elif rules.match_rounds is not None:
        lines.append(f"A match is {rules.match_rounds} rounds; the lowest cumulative total wins.")
    else:
        lines.append("Each round stands alone.")
    return lines


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
