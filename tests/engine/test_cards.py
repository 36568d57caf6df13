import pytest

from matatu_learn.engine.cards import (
    BLACK_JOKER,
    CARD_NAMES,
    DECK,
    RED_JOKER,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)
from matatu_learn.engine.errors import CardError


def test_every_card_round_trips_through_its_name():
    for card in DECK:
        assert parse_card(str(card)) is card


def test_letters_any_case_and_t_for_ten():
    assert str(parse_card("ts")) == "10♠"
    assert str(parse_card("10H")) == "10♥"
    assert str(parse_card("qD")) == "Q♦"
    assert str(parse_card("Ac")) == "A♣"
    assert parse_card("rj") is RED_JOKER and parse_card("BJ") is BLACK_JOKER


def test_card_facts():
    seven = parse_card("7♦")
    assert (seven.rank, seven.suit, seven.colour, seven.is_joker) == (7, 2, "red", False)
    assert RED_JOKER.colour == "red" and BLACK_JOKER.colour == "black"
    assert RED_JOKER.suit is None and RED_JOKER.is_joker


def test_canonical_order_is_suits_then_ranks_then_jokers():
    assert CARD_NAMES[0] == "A♠" and CARD_NAMES[12] == "K♠" and CARD_NAMES[13] == "A♥"
    assert CARD_NAMES[51] == "K♣" and CARD_NAMES[52:] == ("RJ", "BJ")


@pytest.mark.parametrize("text", ["11♥", "7x", "Z", "", "  ", "1♠", "♠7", "AJ"])
def test_bad_cards_are_refused_with_the_input_quoted(text):
    with pytest.raises(CardError) as error:
        parse_card(text)
    message = str(error.value)
    assert f"'{text}'" in message
    assert "RJ / BJ" in message and message.count("\n") == 0


def test_parse_cards_accepts_strings_and_lists():
    assert format_cards(parse_cards("7♦, 7h 8S")) == "7♦ 7♥ 8♠"
    assert format_cards(parse_cards(["as", "RJ"])) == "A♠ RJ"
    with pytest.raises(CardError):
        parse_cards(7)


def test_bad_suit():
    assert parse_suit("♣") == 3
    with pytest.raises(CardError, match="'x' is not a suit"):
        parse_suit("x")
