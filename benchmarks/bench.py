"""Engine throughput for every game, optionally next to OpenSpiel peers measured in the same run.

Usage:
    python benchmarks/bench.py [--game all|nags|noms|spite_malice|nickels|nogginate] [--seconds 3] [--seats 4]
        [--peers]
        [--peer-python PYTHON] [--peer-script SCRIPT ...]

Prints, per game, for random playouts of whole matches (Nags with ``--seats``
seats, default 4 like the OpenSpiel peer ``crazy_eights(players=4)``; Noms 4
seats, a game to 101, whose hands compare with ``oh_hell``; Spite & Malice 2;
Nickels 4 seats, a match of seven rounds, compared with ``gin_rummy``; Nogginate
4 seats, a match to 10,000 (random play seldom gets there: most matches end at the
``max_rounds`` cap of 100 rounds), also compared with ``gin_rummy``, and lines
of single rounds, without and with the cheat cards, :data:`ROUND_RULES`):
games/s, hands/s, player actions/s, chance steps/s and all steps/s; then
clone/s, legal_actions/s, is_legal/s (of one legal action each) and apply/s on positions sampled from such games,
the ``easy`` bot's decisions/s, view builds/s, and the ``hard`` search's
iterations per second (for a game without an ``easy`` or a ``hard`` level yet, a line
saying so instead).
With ``--peers`` it then runs the peer scripts (default: OpenSpiel's and
RLCard's in ``../shared/bench/``) with the peer venv's Python as a subprocess
(each peer game for the same number of seconds) and prints their lines after
ours, then for each game with a peer in :data:`PEER_PAIRS` a ``vs`` line: our
rate as a multiple of the peer's. The peer Python is ``--peer-python`` or else the environment variable
``CARDTABLE_PEER_PYTHON``; without either, the one command that makes such a
venv is printed (see :data:`PEER_VENV_HELP`). Nothing is asserted: these are
measurements.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from engine.core import CHANCE
from engine.games import GAMES, levels_for, make_bot

ROOT = Path(__file__).resolve().parent.parent
PEER_DIR = ROOT.parent / "shared" / "bench"
#: The peer scripts run by ``--peers`` when no ``--peer-script`` is given.
DEFAULT_PEER_SCRIPTS = (PEER_DIR / "openspiel_peers.py", PEER_DIR / "rlcard_peers.py")
#: The environment variable naming the peer venv's Python.
PEER_PYTHON_ENV = "CARDTABLE_PEER_PYTHON"
#: Our game -> its peers: (peer script name, the peer's game as it prints it, which of our rates
#: compares with the peer's actions/s). OpenSpiel counts chance steps as actions ("steps"); RLCard
#: counts only the players' actions ("actions").
PEER_PAIRS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "nickels": (("openspiel_peers.py", "gin_rummy", "steps"), ("rlcard_peers.py", "gin-rummy", "actions")),
    "nogginate": (("openspiel_peers.py", "gin_rummy", "steps"), ("rlcard_peers.py", "gin-rummy", "actions")),
}
#: Seats per game when not the game's minimum (Nags: ``--seats``).
SEATS = {"noms": 4, "nickels": 4, "nogginate": 4}
#: Games whose matches are long also get lines of random playouts of single rounds, one for each of
#: these house rules (Nogginate: ``fixed_rounds = 1``, NG-54; and with the cheat cards, NG-11).
ROUND_RULES: dict[str, tuple[dict[str, object], ...]] = {
    "nogginate": ({"fixed_rounds": 1}, {"fixed_rounds": 1, "use_cheat_cards": True})}
#: What to do when there is no peer Python: the one command that makes the venv.
PEER_VENV_HELP = ("make a peer venv with: python3 -m venv /path/to/peer-venv && "
                  "/path/to/peer-venv/bin/pip install open_spiel rlcard ; then pass "
                  f"--peer-python /path/to/peer-venv/bin/python or set {PEER_PYTHON_ENV}")


def peer_python(option: Path | None, environ: dict[str, str] | None = None) -> tuple[Path | None, str | None]:
    """The peer venv's Python: ``option`` (``--peer-python``), else the environment
    variable :data:`PEER_PYTHON_ENV`. Returns ``(path, None)`` when that file
    exists, else ``(None, message)`` where the message says what is missing and
    the one command that makes it (:data:`PEER_VENV_HELP`)."""
    env = os.environ if environ is None else environ
    if option is None and env.get(PEER_PYTHON_ENV):
        option = Path(env[PEER_PYTHON_ENV])
    if option is None:
        return None, f"peers: no peer Python (--peer-python or {PEER_PYTHON_ENV}); {PEER_VENV_HELP}"
    if not option.exists():
        return None, f"peers: {option} does not exist; {PEER_VENV_HELP}"
    return option, None


def playouts(game_id: str, seats: int, seconds: float, seed: int = 0,
             rules: dict[str, object] | None = None) -> tuple[int, int, int, int, float]:
    """Random playouts of whole matches for ``seconds`` (at least one match), under the
    default house rules or ``rules`` (option -> value): (games, hands, player actions,
    chance steps, elapsed s)."""
    game = GAMES[game_id]
    variant = game.variant_class(**(rules or {}))
    rng = random.Random(seed)
    games = hands = actions = chances = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = game.new_state(variant, seats)
        while not s.is_over:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                chances += 1
            else:
                legal = s.legal_actions()
                s.apply(legal[int(rng.random() * len(legal))])
                actions += 1
        games += 1
        hands += s.hand_number + 1
    return games, hands, actions, chances, time.perf_counter() - t0


def sample_positions(game_id: str, seats: int, n: int, seed: int = 1) -> list:
    """``n`` player-decision states sampled from random matches."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = game.new_state(game.variant_class(), seats)
        while not s.is_over and len(out) < n:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            if rng.random() < 0.2:
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
    return out


def rate(fn, items: list, seconds: float) -> float:
    """Calls of ``fn(item)`` per second, cycling through ``items`` for about ``seconds``."""
    done = 0
    t0 = time.perf_counter()
    while True:
        for it in items:
            fn(it)
        done += len(items)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt


def bench_game(game_id: str, seats: int, seconds: float) -> dict[str, float]:
    """Print one game's throughput lines. Returns the random playout's rates per
    second: ``{"games": ..., "actions": ..., "steps": ...}`` (steps = actions + chance steps)."""
    print(f"cardtable {GAMES[game_id].title}, {seats} seats, default rules, Python {sys.version.split()[0]}, "
          f"{seconds:g} s per line")
    g, hands, n_act, n_ch, dt = playouts(game_id, seats, seconds)
    print(f"  {'random playout':32s} {g / dt:9.1f} games/s {hands / dt:9.1f} hands/s "
          f"{(n_act + n_ch) / dt:10.0f} steps/s ({n_act / dt:.0f} actions/s + {n_ch / dt:.0f} chance steps/s; "
          f"{n_act / g:.1f} actions and {n_ch / g:.1f} chance steps per game)")
    for rules in ROUND_RULES.get(game_id, ()):
        rg, _, r_act, r_ch, rdt = playouts(game_id, seats, seconds, rules=rules)
        label = "random playout (" + ", ".join(f"{k}={v}" for k, v in rules.items()) + ")"
        print(f"  {label:32s} {rg / rdt:9.1f} games/s {(r_act + r_ch) / rdt:10.0f} steps/s "
              f"({r_act / rdt:.0f} actions/s + {r_ch / rdt:.0f} chance steps/s; "
              f"{r_act / rg:.1f} actions and {r_ch / rg:.1f} chance steps per game)")
    states = sample_positions(game_id, seats, 400)
    print(f"  {'clone':32s} {rate(lambda s: s.clone(), states, seconds):10.0f} /s")
    print(f"  {'legal_actions':32s} {rate(lambda s: s.legal_actions(), states, seconds):10.0f} /s")
    pick = random.Random(2)
    checks = [(s, legal[int(pick.random() * len(legal))]) for s in states for legal in (s.legal_actions(),)]
    print(f"  {'is_legal (a legal action)':32s} {rate(lambda p: p[0].is_legal(p[1]), checks, seconds):10.0f} /s")
    pairs = [(s, s.legal_actions()[0]) for s in states]
    n = 0
    spent = 0.0
    while spent < seconds:  # apply on fresh clones; only the apply is timed
        batch = [(s.clone(), act) for s, act in pairs]
        t0 = time.perf_counter()
        for s, act in batch:
            s.apply(act)
        spent += time.perf_counter() - t0
        n += len(batch)
    print(f"  {'apply':32s} {n / spent:10.0f} /s")
    views = [s.view(s.to_move) for s in states]
    if "easy" in levels_for(game_id):
        bot = make_bot(game_id, "easy")
        rng = random.Random(0)
        print(f"  {'easy bot decision (from a view)':32s} "
              f"{rate(lambda v: bot.choose(v, v.legal_actions(), rng), views, seconds):10.0f} /s")
    else:
        print(f"  {'easy bot decision':32s} not measured: {GAMES[game_id].title} has no easy level yet")
    print(f"  {'view (build)':32s} {rate(lambda s: s.view(s.to_move), states, seconds):10.0f} /s")
    search_line(game_id, states, seconds)
    for name, build in SPEED_CASES.get(game_id, ()):
        speed_case_line(name, build())
    sys.stdout.flush()
    return {"games": g / dt, "actions": n_act / dt, "steps": (n_act + n_ch) / dt}


def _after_yes_repro():
    """The end of ``positions/nogginate-after-yes.jsonl`` (issue 25): a partner's yes standing on a hand of 16
    cards that cannot be emptied, 23 melds down. NG-45k now refuses that log's last ``ask``, so the position
    is rebuilt up to the ask and the yes is set on the state (a yes that no longer binds, as NG-45k allows)."""
    from engine.gamelog import read_log, rebuild
    s = rebuild(read_log(ROOT / "benchmarks" / "positions" / "nogginate-after-yes.jsonl"), up_to_line=370)
    s.asked, s.permission = True, 1
    return s


def random_round(game: int, seats: int = 4, cheats: bool = False, take: float = 0.0):
    """The decisions of a Nogginate round of seeded random play (``seats`` seats, ``fixed_rounds = 1``, with the
    cheat cards when ``cheats``): melds, closes and Bonus cards chosen 85% of the time, asks half the time, yes 70%
    of the time, and with ``take`` > 0 the discard pile taken with that chance whenever it may be. Yields
    ``(step, state)`` at every player decision (steps count chance steps too), the state before the move."""
    from engine.games.nogginate.actions import Phase
    from engine.games.nogginate.game import Nogginate, NogginateVariant
    rng = random.Random(game)
    s = Nogginate.new_state(NogginateVariant(fixed_rounds=1, use_cheat_cards=cheats), seats)
    steps = 0
    while not s.is_over:
        steps += 1
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        yield steps, s
        legal = s.legal_actions()
        names = [str(a) for a in legal]
        takes = [x for x in legal if str(x).startswith("take")] if take > 0 else []
        if "ask" in names and rng.random() < 0.5:
            a = legal[names.index("ask")]
        elif s.phase == Phase.ANSWER:
            a = legal[0] if rng.random() < 0.7 else legal[1]
        elif takes and rng.random() < take:
            a = rng.choice(takes)
        else:
            melds = [x for x in legal if str(x).startswith(("add", "nate", "noggi", "close", "bonus"))]
            a = rng.choice(melds) if melds and rng.random() < 0.85 else rng.choice(legal)
        s.apply(a)


def _random_after_yes(game: int, step: int, seats: int = 4, cheats: bool = False, take: float = 0.0):
    """The state of :func:`random_round` at ``step``: the slowest positions found on 19,395 such positions
    (4 seats) are after a yes on hands of 35 to 47 cards (issue 25)."""
    for n, s in random_round(game, seats, cheats, take):
        if n == step:
            return s.clone()
    raise ValueError(f"random round {game} has no decision at step {step}")


#: Game -> the worst positions found, each timed by :func:`speed_case_line` (every decision should cost
#: under 50 ms, issue 25).
SPEED_CASES: dict[str, tuple[tuple[str, object], ...]] = {
    "nogginate": (("after a yes, 16 cards, 23 melds (repro)", _after_yes_repro),
                  ("after a yes, 35 cards (random play 149/187)", lambda: _random_after_yes(149, 187)),
                  ("after a yes, 47 cards (random play 91/230)", lambda: _random_after_yes(91, 230)),
                  # the slowest of 600 random rounds each with cheat cards and piles taken, 6 and 4 seats (issue 25,
                  # once NG-45e was answered exactly, NG-32c: the slowest before, a go-out search ending at
                  # NODE_LIMIT on 32-card hands, 30/243 and 6/255, is not met there any more)
                  ("after a yes, 45 cards, 6 seats, cheat cards (198/279)",
                   lambda: _random_after_yes(198, 279, 6, True, 0.6)),
                  ("after a yes, 38 cards, 6 seats, cheat cards (30/243)",
                   lambda: _random_after_yes(30, 243, 6, True, 0.6)),
                  ("after a yes, 53 cards, 4 seats, cheat cards (495/312)",
                   lambda: _random_after_yes(495, 312, 4, True, 0.6))),
}


def speed_case_line(name: str, state) -> None:
    """Print the CPU time of one position's first ``legal_actions()`` (the game's caches cleared first) and the
    slowest ``is_legal`` of its legal actions, in ms."""
    clear = getattr(sys.modules.get("engine.games.nogginate.turn"), "_ABLE", None)
    if clear is not None:
        clear.clear()
    t0 = time.process_time()
    legal = state.clone().legal_actions()
    first = time.process_time() - t0
    worst = 0.0
    for act in legal:
        if clear is not None:
            clear.clear()
        s = state.clone()
        t0 = time.process_time()
        s.is_legal(act)
        worst = max(worst, time.process_time() - t0)
    print(f"  {'worst case: ' + name:64s} legal_actions {1000 * first:7.1f} ms ({len(legal)} moves), "
          f"slowest is_legal {1000 * worst:6.1f} ms")


def search_line(game_id: str, states: list, seconds: float) -> None:
    """The ``hard`` search bot's iterations (rollouts) per second and its decision
    time, over positions with a real choice, searching about 0.2 s each."""
    from engine.games import make_search_bot
    if "hard" not in levels_for(game_id):  # the hook: the line appears once the game registers a hard bot
        print(f"  {'hard search':32s} not measured: {GAMES[game_id].title} has no hard level yet")
        return
    bot = make_search_bot(game_id, "hard", budget_s=0.2)
    rng = random.Random(0)
    its = spent = 0.0
    times = []
    for s in states:
        view = s.view(s.to_move)
        legal = view.legal_actions()
        if len(legal) < 2:
            continue
        res = bot.search(view, legal, rng)
        its += res.iterations
        spent += res.seconds
        times.append(res.seconds)
        if spent >= seconds:
            break
    if times:
        print(f"  {'hard search (0.2 s budget)':32s} {its / spent:10.0f} iterations/s over {len(times)} decisions "
              f"(max {1000 * max(times):.0f} ms)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="all", choices=["all", *GAMES], help="which game (default all)")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement (default 3)")
    p.add_argument("--seats", type=int, default=4, help="Nags seats, 2-5 (default 4, like the peer)")
    p.add_argument("--peers", action="store_true", help="also run the OpenSpiel and RLCard peer scripts")
    p.add_argument("--peer-python", type=Path, default=None,
                   help=f"Python of a venv with open_spiel and rlcard (default: ${PEER_PYTHON_ENV})")
    p.add_argument("--peer-script", type=Path, action="append", default=None,
                   help="a peer script to run (repeatable; default: ../shared/bench/{openspiel,rlcard}_peers.py)")
    a = p.parse_args(argv)
    python = None
    if a.peers:  # checked first, so a missing venv is said before minutes of measuring
        python, problem = peer_python(a.peer_python)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    if not 2 <= a.seats <= 5:
        print("Nags needs 2 to 5 seats.", file=sys.stderr)
        return 2
    seats = {**SEATS, "nags": a.seats}
    ours = {}
    for gid in (GAMES if a.game == "all" else [a.game]):
        ours[gid] = bench_game(gid, seats.get(gid, GAMES[gid].min_seats), a.seconds)

    if a.peers:
        peer_out: dict[str, str] = {}
        for script in a.peer_script or DEFAULT_PEER_SCRIPTS:
            if not script.exists():
                print(f"peers: skipped {script}: no such file (name the peer scripts with --peer-script)")
                continue
            print(f"peers: {script.name} (run by {python}), same run:")
            sys.stdout.flush()
            res = subprocess.run([str(python), str(script), str(a.seconds)], capture_output=True, text=True)
            if res.returncode != 0:
                last = (res.stderr.strip().splitlines() or ["no output"])[-1]
                print(f"peers: {script.name} failed: {last}")
            else:
                print(res.stdout, end="")
                peer_out[script.name] = res.stdout
        for line in compare_lines(ours, peer_out):
            print(line)
    return 0


def peer_rate(output: str, peer_game: str) -> float | None:
    """The actions/s a peer script printed for ``peer_game`` (the number before
    ``actions/s`` on the first line naming it), or None if it is not there."""
    for line in output.splitlines():
        if peer_game in line.split():
            words = line.split()
            for i, w in enumerate(words[1:], 1):
                if w == "actions/s":
                    try:
                        return float(words[i - 1])
                    except ValueError:
                        return None
    return None


def compare_lines(ours: dict[str, dict[str, float]], peer_out: dict[str, str]) -> list[str]:
    """For each measured game with peers (:data:`PEER_PAIRS`) whose script ran, a line
    with our rate as a multiple of the peer's actions/s (the rate that compares:
    OpenSpiel's count chance steps, RLCard's only player actions)."""
    out = []
    for gid, pairs in PEER_PAIRS.items():
        if gid not in ours:
            continue
        for script, peer_game, ours_key in pairs:
            theirs = peer_rate(peer_out.get(script, ""), peer_game)
            if theirs:
                mine = ours[gid][ours_key]
                out.append(f"vs: {GAMES[gid].title} {mine:.0f} {ours_key}/s = {mine / theirs:.2f} x "
                           f"{peer_game} ({script}) {theirs:.0f} actions/s")
    return out


if __name__ == "__main__":
    raise SystemExit(main())
