"""The mistakes queue's schedule: what is asked again, and when.

A wrong answer (to a puzzle or a lesson's question) is asked again after ``AGAIN_SOON``; a right
answer when it is due brings it back after ``AGAIN_LATER``; the second right answer in a row
(``RIGHT_TO_CLEAR``) takes it off the queue. A right answer to an item not due leaves the
schedule as it stands. The store keeps the queue (``store.progress``).
"""

from __future__ import annotations

from ..store.progress import LessonRecord, Progress, queue_item

AGAIN_SOON = 10 * 60  # seconds
AGAIN_LATER = 24 * 60 * 60
RIGHT_TO_CLEAR = 2


def schedule(progress: Progress, learner: int, item: str, right: bool) -> None:
    """The learner's queue after an answer to ``item``, at the progress clock's moment."""
    moment = progress.clock()
    with progress.database.write():
        if not right:
            progress.queue_mistake(learner, item, moment + AGAIN_SOON)
            return
        kept = progress.mistake_schedule(learner, item)
        if kept is None or kept[0] > moment:
            return  # right, but not asked as a mistake that was due: the schedule stands
        streak = kept[1] + 1
        if streak >= RIGHT_TO_CLEAR:
            progress.clear_mistake(learner, item)
        else:
            progress.reschedule_mistake(learner, item, streak, moment + AGAIN_LATER)


def record_lesson_answer(progress: Progress, name: str, lesson: str, question: str, right: bool) -> LessonRecord:
    """Keep an answer to a lesson's practice question (``lesson``: its page id) in one transaction;
    a wrong answer joins the queue. Returns the lesson's record."""
    with progress.database.write():
        learner = progress.add_lesson_answer(name, lesson, question, right)
        schedule(progress, learner, queue_item("lesson", question, lesson), right)
    return progress.lessons(name)[lesson]
