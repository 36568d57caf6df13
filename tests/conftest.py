"""Shared helpers for the tests."""

from collections import Counter

from matatu_learn.cards import deck_for


def all_cards(game):
    """Every physical card of a round: hands, stock, pile and (uganda) the cutter."""
    cards = [card for hand in game.hands for card in hand] + list(game.stock) + list(game.pile)
    if game.rules.marker == "cutter":
        cards.append(game.marker)
    return Counter(cards)


def full_deck(rules):
    return Counter(deck_for(rules.jokers))
