"""The rules engine, pure Python: cards, actions, rules, the round, judging, scoring, views, explanations.

Its modules form layers, each importing only those below it:
errors → cards → actions → rules → tables → events → judging → explain → round → scoring → view → rules_text.
"""
