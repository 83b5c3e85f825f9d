"""hukm.video and ``hukm replay --video``: the files are decoded again with PyAV (frame
count, size, codec), the frame of a finished trick shows its four cards on the felt,
the captions say each action in words and, with the analysis, what it cost."""

from __future__ import annotations

import builtins
from collections import deque
from pathlib import Path
from typing import Any

import pytest

av = pytest.importorskip("av")
pytest.importorskip("resvg_py")
np = pytest.importorskip("numpy")

import hukm  # noqa: E402
import hukm.video  # noqa: E402
from hukm.cli import main  # noqa: E402
from hukm.video import Timing, segments  # noqa: E402

# Two cards a hand: seat 1 leads hearts, seat 0 (void) ruffs with a spade, then diamonds.
DEAL = "A..2. .K.3. .2.4. .3.5."


def two_tricks() -> hukm.State:
    s = hukm.Hokm().from_deal(DEAL, trump="S", leader=1)
    for card in ["KH", "2H", "3H", "AS", "2D", "3D", "4D", "5D"]:
        s.apply(card)
    return s


def decode(path: Path) -> tuple[str, list[Any]]:
    with av.open(str(path)) as c:
        name = c.streams.video[0].codec_context.name
        return name, [f.to_ndarray(format="rgb24") for f in c.decode(video=0)]


def blobs(mask: Any) -> list[tuple[int, int, int]]:
    """The connected patches of ``mask``: (pixels, height, width) of each."""
    seen = np.zeros_like(mask)
    out = []
    for y, x in zip(*np.nonzero(mask)):
        if seen[y, x]:
            continue
        seen[y, x] = True
        queue, n = deque([(y, x)]), 0
        top, bottom, left, right = y, y, x, x
        while queue:
            cy, cx = queue.popleft()
            n += 1
            top, bottom, left, right = min(top, cy), max(bottom, cy), min(left, cx), max(right, cx)
            for ny, nx in ((cy + 1, cx), (cy - 1, cx), (cy, cx + 1), (cy, cx - 1)):
                if 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1] and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    queue.append((ny, nx))
        out.append((n, bottom - top + 1, right - left + 1))
    return out


def cards_on_felt(frame: Any) -> int:
    """Cards lying on the felt of a 16:9 frame with its caption bar: the large light
    patches inside the felt's box (the winner's frame and the labels are thin or small)."""
    h, w, _ = frame.shape
    th = h * (1 - hukm.video.encode.SCORE_BAR)  # the table above the caption bar (caption and counts)
    tw = th * 16 / 9
    x0, scale = (w - tw) / 2, tw / 1280
    ys, xs = np.mgrid[0:h, 0:w]
    # inside the felt (an ellipse centred at (640, 360), radii 250 x 178 in table units)
    felt = ((xs - x0) / scale - 640) ** 2 / 245 ** 2 + (ys / scale - 360) ** 2 / 173 ** 2 < 1
    light = (frame > 185).all(axis=2) & felt
    sizes = [n for n, tall, wide in blobs(light)
             if tall >= 0.5 * 86 * scale and wide >= 0.5 * 58 * scale and n >= 0.6 * tall * wide]
    # a card's face: as tall and wide as half a card and filling its box (the trump's
    # sign and the labels are smaller, the winner's frame is a thin ring)
    return len(sizes)


def frame_ranges(story: list[hukm.video.Segment], fps: int) -> list[tuple[int, int]]:
    out, start = [], 0
    for seg in story:
        n = max(1, round(seg.seconds * fps))
        out.append((start, start + n))
        start += n
    return out


def test_mp4_decodes_with_its_frames_size_and_the_finished_trick(tmp_path: Path) -> None:
    rec = two_tricks().record()
    path = tmp_path / "hand.mp4"
    made = hukm.video.write(rec, path, size="360p", fps=5)
    name, frames = decode(path)
    assert name == "h264"
    story = segments(rec)
    ranges = frame_ranges(story, 5)
    assert len(frames) == made.frames == ranges[-1][1] and made.pictures == len(story)
    assert frames[0].shape == (360, 640, 3) and (made.width, made.height) == (640, 360)
    assert made.seconds == pytest.approx(made.frames / 5)
    kinds = [s.kind for s in story]
    assert kinds == ["start", "action", "action", "action", "trick", "action", "action", "action", "trick", "result"]
    # The picture of each finished trick shows its four cards; the trick in progress fewer.
    for k, kind in enumerate(kinds):
        a, b = ranges[k]
        shown = cards_on_felt(frames[(a + b) // 2])
        want = 4 if kind in ("trick", "result") else (0 if kind == "start" else story[k].step % 4)
        assert shown == want, (k, kind, shown)


def test_webm_and_gif(tmp_path: Path) -> None:
    rec = two_tricks().record()
    webm = hukm.video.write(rec, tmp_path / "hand.webm", size=(320, 180), fps=2)
    name, frames = decode(tmp_path / "hand.webm")
    assert name in ("vp9", "libvpx-vp9") and len(frames) == webm.frames and frames[0].shape == (180, 320, 3)
    gif = hukm.video.write(rec, tmp_path / "hand.gif", size=(320, 180))
    name, frames = decode(tmp_path / "hand.gif")
    # One GIF frame per picture, each with its own duration.
    assert name == "gif" and len(frames) == gif.frames == gif.pictures == 10
    assert frames[0].shape == (180, 320, 3)
    assert gif.seconds == pytest.approx(sum(s.seconds for s in segments(rec)))


def test_square_for_phones_and_timing(tmp_path: Path) -> None:
    rec = two_tricks().record()
    made = hukm.video.write(rec, tmp_path / "sq.mp4", size="square", fps=2, step=1,
                            timing=Timing(start=1.0, action=0.5, trick=3.0, result=2.0))
    _, frames = decode(tmp_path / "sq.mp4")
    assert frames[0].shape == (1080, 1080, 3)
    assert len(frames) == made.frames == 2 + 1  # the deal 1 s, one action 0.5 s at 2 fps


def test_captions_in_words() -> None:
    words = [s.caption for s in segments(two_tricks().record())]
    assert words[1] == "seat 1 leads the K♥"
    assert words[2] == "seat 2 follows with the 2♥"
    assert words[4] == "seat 0 ruffs with the A♠ · seat 0 wins the trick"
    assert words[5:7] == ["seat 0 leads the 2♦", "seat 1 follows with the 3♦"]
    assert words[8] == "seat 3 follows with the 5♦ · seat 3 wins the trick"
    assert words[-1].startswith("The hand is over · Tricks: seats 0 & 2: 1 · seats 1 & 3: 1")
    match = hukm.Hokm().new_game(seed=7)
    hakem = match.observation(0)["hakem"]
    match.apply("trump:H")
    assert segments(match.record())[1].caption == f"the Hakem (seat {hakem}) names hearts"
    ganjifa = hukm.Ganjifa().new_game(seed=2)
    ganjifa.apply(ganjifa.legal_actions()[0])
    assert " the " in segments(ganjifa.record())[1].caption and " of " in segments(ganjifa.record())[1].caption


def test_analysis_says_what_each_card_cost() -> None:
    s = hukm.Hokm().from_deal("AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
                              trump="S", leader=0)
    played = ["AC", "6C", "3C", "4C"]
    for c in played:
        s.apply(c)
    story = segments(s.record(), analysis=True)
    replay = hukm.Hokm().from_deal("AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
                                   trump="S", leader=0)
    for k, card in enumerate(played):
        sol = hukm.solve(replay)
        lost = max(sol.actions.values()) - sol.actions[card]
        cap = story[k + 1].caption
        if lost:
            assert f"(costs {lost} trick{'s' if lost > 1 else ''})" in cap, cap
        else:
            assert "costs" not in cap, cap
        replay.apply(card)
    # the values of the player to move are on the cards, and the note says the value
    assert "data-value=" in story[1].svg and "Double dummy for seat" in story[1].note


def test_graded_analysis_marks_the_grade() -> None:
    """Positions beyond exact search in the time given: the note gives the value with its
    grade, each caption the cost the bounds prove ("at least ... (proven)") or the
    estimates show ("about ... (estimate)"), in the story's language; a card's value is
    drawn only where it is exact."""
    from hukm.bots import Heuristic

    s = hukm.game("dashavatara").new_game(seed=2)
    bot = Heuristic(seed=2)
    for _ in range(3):
        s.apply(bot.act(s))
    for lang, estimate, proven in ((None, "(estimate)", "(proven)"), ("cs", "(odhad)", "(prokázáno)")):
        story = segments(s.record(), analysis=True, timeout=0.2, lang=lang)
        assert len(story) == 4
        for seg in story[1:]:
            assert seg.note.endswith(estimate), seg.note
            said = "costs" in seg.caption or "stojí" in seg.caption
            assert said == (estimate in seg.caption or proven in seg.caption), seg.caption
        assert 'data-value=' not in story[1].svg


def test_replay_video_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "hand.json"
    rec.write_text(two_tricks().record().to_json())
    out = tmp_path / "hand.mp4"
    assert main(["replay", str(rec), "--video", str(out), "--size", "320x180", "--fps", "2"]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    _, frames = decode(out)
    assert frames[0].shape == (180, 320, 3)
    for argv, words in (
        (["--video", str(tmp_path / "x.avi")], "expected a name ending in .mp4"),
        (["--video", str(out), "--size", "huge"], "size 'huge'"),
        (["--video", str(out), "--size", "321x180"], "even"),
    ):
        assert main(["replay", str(rec), *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1


def test_bad_input_and_a_missing_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = two_tricks().record()
    with pytest.raises(hukm.StateError, match="HandRecord"):
        hukm.video.write("hand.json", tmp_path / "a.mp4")  # type: ignore[arg-type]
    with pytest.raises(hukm.StateError, match="fps"):
        hukm.video.write(rec, tmp_path / "a.mp4", fps=0)
    with pytest.raises(hukm.StateError, match="timing.trick"):
        hukm.video.write(rec, tmp_path / "a.mp4", timing=Timing(trick=-1))
    real = builtins.__import__

    def no_av(name: str, *args: Any, **kw: Any) -> Any:
        if name == "av":
            raise ImportError("No module named 'av'")
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_av)
    monkeypatch.delitem(__import__("sys").modules, "av", raising=False)
    with pytest.raises(hukm.StateError, match=r'pip install "hukm\[video\]"'):
        hukm.video.write(rec, tmp_path / "a.mp4", size=(320, 180))


def test_captions_ask_the_engine_which_cards_are_trumps() -> None:
    """In Satat the two of hearts is the highest trump: played on a diamond lead it ruffs."""
    from hukm.bots import Heuristic
    from hukm.video.captions import caption

    s = hukm.game("satat").new_game(seed=2)
    bot = Heuristic(seed=2)
    while True:
        a = bot.act(s)
        if a == "2H" and s.observation(0)["trick"]:
            led = s.observation(0)["trick"][0][1]
            assert led[1] != "H" and caption(s, a) == f"seat {s.current_player} ruffs with the 2♥"
            return
        s.apply(a)


def test_a_match_holds_the_last_trick_then_the_next_deal() -> None:
    from hukm.bots import Heuristic

    s = hukm.Hokm().new_game(seed=5)
    bot = Heuristic(seed=5)
    while s.observation(0)["hand_number"] == 1:
        s.apply(bot.act(s))
    s.apply(bot.act(s))  # the Hakem of hand 2 names trumps
    story = segments(s.record())
    k = next(i for i, x in enumerate(story) if x.kind == "deal")
    result = s.observation(0)["last_result"]
    counted = f"Tricks {result['tricks'][0]}–{result['tricks'][1]}"
    assert story[k - 2].kind == "trick" and story[k - 2].svg.count('data-finished="1"') == 5  # 4 cards + the group
    # The result over the finished table, its last trick counted; then the next deal.
    assert story[k - 1].kind == "result" and story[k - 1].svg == story[k - 2].svg
    assert story[k - 1].caption.startswith("Hand 1 over: Seats ") and " tricks to " in story[k - 1].caption
    assert story[k - 1].score.startswith(counted) and story[k - 2].score.startswith(counted)
    assert story[k].caption == "hand 2 is dealt" and story[k].score.startswith("Tricks 0–0")
    assert 'data-finished="1"' not in story[k].svg and story[k].svg.count('data-role="hand"') == 52
    assert story[k + 1].caption.startswith("the Hakem (seat ")


def test_the_end_of_a_hand_decoded(tmp_path: Path) -> None:
    """A video over the end of a hand of a match, decoded: the result's frames show the
    finished table (the trick's four cards on the felt) with the counts in large gold
    type (at least 4% of the frame's height), the next deal's none."""
    from hukm.bots import Heuristic

    s = hukm.Hokm().new_game(seed=5)
    bot = Heuristic(seed=5)
    while s.observation(0)["hand_number"] == 1:
        s.apply(bot.act(s))
    rec = s.record()
    path = tmp_path / "end.mp4"
    made = hukm.video.write(rec, path, size="720p", fps=1, timing=Timing(start=1, action=1, trick=1, result=1))
    _, frames = decode(path)
    story = segments(rec)
    assert len(frames) == made.frames == len(story)
    k = next(i for i, x in enumerate(story) if x.kind == "result")
    assert story[k + 1].kind == "deal"
    assert cards_on_felt(frames[k]) == 4 and cards_on_felt(frames[k + 1]) == 0
    h = frames[k].shape[0]
    gold = (frames[k][..., 0] > 200) & (frames[k][..., 1] > 170) & (frames[k][..., 2] < 120)
    rows = np.nonzero(gold.any(axis=1))[0]
    rows = rows[rows > h * (1 - hukm.video.encode.SCORE_BAR)]
    runs = np.split(rows, np.nonzero(np.diff(rows) > 1)[0] + 1)
    assert max(len(r) for r in runs) >= 0.04 * h * 0.7, [len(r) for r in runs]  # cap height of 4% type



@pytest.mark.parametrize("size", [(360, 640), (360, 360)])
def test_phone_and_square_frames_are_filled_to_the_end_of_a_hand(tmp_path: Path, size: tuple[int, int]) -> None:
    """A tall (phone, 9:16) and a square video over the end of a hand of a match, decoded:
    the table laid out for the frame fills everything above the caption bar (no row of
    the bar's colour there, the felt's green from side to side), the result's frame shows
    the finished trick (its four cards on the felt) with the counts in gold type of at
    least 4% of the frame's height in the bar, the next deal's frame no card on the felt."""
    from hukm.bots import Heuristic
    from hukm.video.encode import picture_area

    s = hukm.Hokm().new_game(seed=5)
    bot = Heuristic(seed=5)
    while s.observation(0)["hand_number"] == 1:
        s.apply(bot.act(s))
    rec = s.record()
    w, h = size
    path = tmp_path / "end.mp4"
    made = hukm.video.write(rec, path, size=size, fps=1, timing=Timing(start=1, action=1, trick=1, result=1))
    _, frames = decode(path)
    area = picture_area(w, h)
    assert area is not None and made.frames == len(frames)
    story = segments(rec, fill=area)
    assert len(frames) == len(story)
    k = next(i for i, x in enumerate(story) if x.kind == "result")
    assert story[k + 1].kind == "deal" and story[k].caption.startswith("Hand 1 over: ")
    top = int(area[1]) - 2
    assert 0.6 * h <= top <= 0.8 * h
    share = 0.8 if h > w else 0.4  # a square frame's felt is one of two columns

    def felt(frame: Any) -> Any:
        """The felt's box: the rows and columns mostly of its green."""
        above = frame[:top].astype(int)
        green = (above[..., 1] > above[..., 0] + 40) & (above[..., 1] > above[..., 2] + 20)
        ys = np.nonzero(green.mean(axis=1) > share)[0]
        xs = np.nonzero(green[ys].mean(axis=0) > 0.5)[0]
        return frame[ys.min():ys.max(), xs.min():xs.max()], len(ys), len(xs)

    for frame in (frames[0], frames[k], frames[k + 1]):
        above = frame[:top].astype(int)
        dark = (np.abs(above - np.array([0x16, 0x18, 0x1D])).sum(axis=2) < 40).mean(axis=1)
        assert dark.max() < 0.2, dark.max()  # no row of the bar's colour above the bar
        _, tall, wide = felt(frame)
        assert tall > 0.2 * h and wide >= share * w, (tall, wide)  # the felt a fifth of the frame high at least

    def cards(frame: Any) -> int:
        light = (felt(frame)[0] > 185).all(axis=2)
        # a card's face: a fifth taller than wide and filling its box (the captions' pills are
        # wide, the trump's sign round)
        return sum(1 for n, tall, wide in blobs(light)
                   if tall >= 1.2 * wide and tall >= 0.025 * h and n >= 0.6 * tall * wide)
    assert cards(frames[k]) == 4 and cards(frames[k + 1]) == 0
    gold = (frames[k][..., 0] > 200) & (frames[k][..., 1] > 170) & (frames[k][..., 2] < 120)
    rows = np.nonzero(gold.any(axis=1))[0]
    rows = rows[rows > top]
    runs = np.split(rows, np.nonzero(np.diff(rows) > 1)[0] + 1)
    assert max(len(r) for r in runs) >= 0.04 * h * 0.7, [len(r) for r in runs]  # cap height of 4% type
