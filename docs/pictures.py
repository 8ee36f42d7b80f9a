"""Make the README's pictures again from the current code: a battle report page and a
printed sheet of roster cards (and, with --board, the live board on a phone).

    python docs/pictures.py            # docs/report-page.png, docs/cards-sheet.png
    python docs/pictures.py --board    # and docs/board-phone.png, through its browser test

It plays the sample game in a data folder of its own (your games are not touched), writes
its report and Robyn's cards, and has headless Chromium draw them. The card sheet is the
first A4 page of Chromium's PDF, turned into a picture by pdftoppm (poppler) where that is
installed, or else the cards drawn in a window of A4's proportions. Each picture is kept
under 250 KB. It lives beside the pictures it makes; it is not a benchmark (bench/) and
not a test: it needs a browser and takes some seconds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")
MOST = 250_000  # bytes a picture may take in the README

# A few steps of the sample game with seeded dice: shots, a melee, a wound, a second turn.
STEPS = (
    ("demo",),
    ("turn", "--seed", "1"),
    ("activate", "Cpt"),
    ("attack", "Cpt", "Robyn", "--range", "12", "--seed", "2"),
    ("done",),
    ("activate", "Robyn"),
    ("attack", "Robyn", "Frogger with rifle", "--range", "7", "--seed", "3"),
    ("done",),
    ("activate", "T-999"),
    ("attack", "T-999", "John", "--seed", "4"),
    ("done",),
    ("turn", "--seed", "6", "--force"),
    ("activate", "Robyn"),
    ("attack", "Robyn", "Cpt", "--range", "10", "--seed", "7"),
    ("done",),
    ("vp", "Robyn", "1"),
    ("activate", "Frogger with pistol and claw"),
    ("attack", "Frogger with pistol and claw", "Rabbit with polearm", "--seed", "8"),
    ("done",),
)


def companion(home: Path, *args: str) -> None:
    env = {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1"}
    r = subprocess.run(
        [sys.executable, "-m", "companion", *args], env=env, capture_output=True, text=True
    )
    if r.returncode != 0:
        sys.exit(f"companion {' '.join(args)}: {r.stderr.strip()}")


def chromium(*args: str) -> None:
    exe = next((p for p in map(shutil.which, BROWSERS) if p), None)
    if exe is None:
        sys.exit("headless Chromium is needed (the Debian package 'chromium')")
    with tempfile.TemporaryDirectory(prefix="companion-chromium-") as profile:
        subprocess.run(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             f"--user-data-dir={profile}", "--force-device-scale-factor=1", *args],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=120, check=True,
        )  # fmt: skip


def report_page(page: Path, out: Path) -> None:
    """The report's first screen on a laptop: headline, score, charts, moments."""
    chromium(f"--screenshot={out}", "--window-size=1000,1500", page.as_uri())


def cards_sheet(page: Path, out: Path, work: Path) -> None:
    """The first A4 sheet of cards as printed, crop marks and all."""
    if shutil.which("pdftoppm"):
        pdf = work / "cards.pdf"
        chromium("--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
        stem = work / "sheet"
        subprocess.run(
            ["pdftoppm", "-png", "-r", "96", "-f", "1", "-l", "1", "-singlefile", pdf, stem],
            check=True,
            timeout=60,
        )
        shutil.copyfile(stem.with_suffix(".png"), out)
    else:  # the screen's layout of the same cards, at A4's proportions
        chromium(f"--screenshot={out}", "--window-size=794,1123", page.as_uri())


def main(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-pictures-") as tmp:
        work = Path(tmp)
        home = work / "home"
        for step in STEPS:
            companion(home, *step)
        report, cards = work / "report.html", work / "cards.html"
        companion(home, "report", "--format", "html", "-o", str(report))
        companion(home, "roster", "show", "Robyn", "--format", "html", "-o", str(cards))
        made = [DOCS / "report-page.png", DOCS / "cards-sheet.png"]
        report_page(report, made[0])
        cards_sheet(cards, made[1], work)
    if "--board" in argv:  # the board needs its server: its browser test draws it
        test = ("tests/serve/test_serve_browser.py", "-k", "a_phone_sees_the_score")
        env = {**os.environ, "COMPANION_DOCS_SHOT": "1"}
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", *test],
            cwd=ROOT,
            env=env,
            check=True,
        )
        made.append(DOCS / "board-phone.png")
    for path in made:
        size = path.stat().st_size
        print(f"{path.relative_to(ROOT)}: {size // 1000} KB")
        if size > MOST:
            sys.exit(f"{path.name} is over {MOST // 1000} KB: draw it smaller")


if __name__ == "__main__":
    main(sys.argv[1:])
