#!/usr/bin/env python3
"""Writes match.json and states.jsonl from rounds.json, in the shapes HSLU jass-kit writes
(github.com/thomas-koller/jass-kit-py: JassMatch.to_json, GameState.to_json and
game_state_util.state_from_complete_game), for issue 29, item 5:

- match.json: a JassMatch of the two rounds, players named, each game as GameState.to_json
  writes a finished game (every hand empty: all cards played). The deal passes on as play does
  (N, W, S, E): the second round, dealt by East in rounds.json, is turned two seats so that West
  deals it (the same cards and play; North-South and East-West keep their points). pointsTeam0 and pointsTeam1 are
  North-South's and East-West's trick points summed over the games (players 0 and 2 are team 0).
- states.jsonl: the first round saved at three moments, one GameState per line: before trumps
  are declared (trump -1, the dealt hands), after trumps with no card played (the next trick
  holds only its `first`), and after 13 cards (three tricks and one card of the fourth); each
  hand lists only the cards still held.

jass-kit plays N, W, S, E: the player after p is (p - 1) mod 4. Run from this directory:
python3 make-match.py
"""
import json

rounds = json.load(open("rounds.json"))


def finished(r):
    g = json.loads(json.dumps(r))
    g["player"] = [{"hand": []} for _ in range(4)]
    g.pop("points", None)
    return g


def team_points(games):
    pts = [0, 0]
    for g in games:
        for t in g["tricks"]:
            pts[t["win"] % 2] += t["points"]
    return pts


def turned(r, k):
    """The round with every seat moved k places (seat ids mod 4)."""
    g = json.loads(json.dumps(r))
    g["dealer"] = (g["dealer"] + k) % 4
    for t in g["tricks"]:
        t["first"] = (t["first"] + k) % 4
        t["win"] = (t["win"] + k) % 4
    g["player"] = [g["player"][(i - k) % 4] for i in range(4)]
    return g


games = [finished(rounds[0]), finished(turned(rounds[1], 2))]
ns, ew = team_points(games)
match = {
    "north": "Anna", "east": "Bram", "south": "Cor", "west": "Dirk",
    "northUrl": "", "eastUrl": "", "southUrl": "", "westUrl": "",
    "northId": "", "eastId": "", "southId": "", "westId": "",
    "winner": 0 if ns > ew else 1,
    "pointsTeam0": ns, "pointsTeam1": ew,
    "timeStarted": "2026-11-25 10:00:00", "timeFinished": "2026-11-25 10:09:00",
    "games": games,
}
json.dump(match, open("match.json", "w"), indent=1)


def dealt(r):
    """Each player's cards, from the tricks (GameState's calculate_starting_hands_from_game)."""
    hands = [[] for _ in range(4)]
    for t in r["tricks"]:
        p = t["first"]
        for c in t["cards"]:
            hands[p].append(c)
            p = (p - 1) % 4
    return hands


def state(r, cards_played):
    """state_from_complete_game(r, cards_played).to_json()."""
    hands = dealt(r)
    s = {"version": "V0.2", "trump": r["trump"], "dealer": r["dealer"],
         "forehand": r["forehand"], "jassTyp": "SCHIEBER"}
    full, part = divmod(cards_played, 4)
    tricks = [dict(t) for t in r["tricks"][:full]]
    nxt = r["tricks"][full]
    cur = {"cards": nxt["cards"][:part]} if part else {}
    cur["first"] = nxt["first"]
    tricks.append(cur)
    s["tricks"] = tricks
    s["currentPlayer"] = (nxt["first"] - part) % 4
    played = {c for t in tricks for c in t.get("cards", [])}
    s["player"] = [{"hand": [c for c in h if c not in played]} for h in hands]
    return s


before = {"version": "V0.2", "trump": -1, "dealer": rounds[0]["dealer"], "currentPlayer": -1,
          "forehand": -1, "tricks": [], "player": [{"hand": h} for h in dealt(rounds[0])],
          "jassTyp": "SCHIEBER"}
with open("states.jsonl", "w") as f:
    for s in (before, state(rounds[0], 0), state(rounds[0], 13)):
        f.write(json.dumps(s) + "\n")
print("ok", ns, ew)
