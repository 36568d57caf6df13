"""The errors matatu-learn raises: each carries one sentence for a person."""


class MatatuError(ValueError):
    """Base of every error the package raises on bad input; the message is one sentence."""


class NotationError(MatatuError):
    """Text that is not a card, a suit or an action in the notation; nothing was applied."""


class CardError(NotationError):
    """A card, suit or list of cards could not be read."""


class RulesError(MatatuError):
    """A ruleset or a switch value that cannot be played."""


class DealError(MatatuError):
    """A deal or a position that cannot exist under the rules."""


class IllegalActionError(MatatuError):
    """An action the rules refuse; the round is left exactly as it was.

    ``ruling`` is the rule that refused it, with its facts (``engine.rulings.Ruling``): the
    teaching layer's voice words it for a person; the message itself is its notation.
    """

    def __init__(self, ruling):
        super().__init__(str(ruling))
        self.ruling = ruling


class ScenarioError(MatatuError):
    """A scenario file that is not valid; the message names the field."""
