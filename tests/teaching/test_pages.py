"""The page registry: every notebook is a page with a stable id, and no two notebooks share a number."""

import json
import re

from conftest import NOTEBOOKS
from matatu_learn.teaching.lessons import FIRST_GAME, LESSON_PATH, PRACTICE
from matatu_learn.teaching.pages import PAGES, PageKind, page, page_of_file, path
from matatu_learn.teaching.path import PUZZLE_LESSON


def test_every_notebook_is_a_page_and_every_page_a_notebook():
    files = sorted(notebook.stem for notebook in NOTEBOOKS.glob("*.ipynb"))
    assert sorted(entry.file for entry in PAGES) == files
    assert len({entry.id for entry in PAGES}) == len(PAGES)


def test_no_two_notebooks_share_a_number_and_the_numbers_follow_the_pages():
    numbers = [int(match[1]) for entry in PAGES if (match := re.match(r"(\d+)-", entry.file))]
    assert numbers == list(range(1, len(numbers) + 1))


def test_a_page_id_never_names_a_file_number():
    assert not [entry.id for entry in PAGES if re.match(r"\d", entry.id)]


def test_the_path_is_the_lessons_then_the_first_game():
    assert [entry.id for entry in path()] == [lesson for lesson, _ in LESSON_PATH] + [FIRST_GAME[0]]
    assert [entry.place for entry in path()] == list(range(1, len(path()) + 1))
    assert page(PUZZLE_LESSON).kind is PageKind.PUZZLES and set(PRACTICE) <= {lesson for lesson, _ in LESSON_PATH}


def test_the_landing_page_links_every_page_by_its_file():
    index = json.loads((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"))
    links = re.findall(r"\]\(([^)#?]+)\.ipynb", "".join("".join(cell["source"]) for cell in index["cells"]))
    assert sorted(set(links)) == sorted(entry.file for entry in PAGES if entry.kind is not PageKind.HOME)
    assert all(page_of_file(link).file == link for link in links)


def test_every_link_between_notebooks_names_a_notebook_that_exists():
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for link in re.findall(r"\]\(([^)#?]+\.ipynb)", "".join("".join(cell["source"]) for cell in cells)):
            assert (NOTEBOOKS / link).is_file(), (notebook.name, link)
