#!/usr/bin/env python3
"""Writes match-french.json, a Jass challenge-server log as the 2017 challenge wrote them
(issue 29, items 1 and 2), from two-hands.json and one hand worked by hand:

- every point the server reports is multiplied by the French multiplier of the hand's mode
  (diamonds, hearts x1; spades, clubs x2; Obenabe, Undeufe x3): the two hands of
  two-hands.json are Undeufe and Obenabe, x3;
- a third hand, hearts trumps (x1), in which North-South take all nine tricks: corpus/jass/
  match-bonus.ttn turned by two seats so that South, the forehand after two hands, leads. The
  server's points for the last trick include the match bonus of 100.

The third hand's trick points, worked by hand (Jass, hearts trumps: J 20, 9 14, A 11, T 10, K 4,
Q 3; other suits A 11, T 10, K 4, Q 3, J 2; the last trick 5 more): 20, 26, 14, 17, 14, 18, 16, 14,
13 + 5 = 18; 157 in all, and South wins every trick. Run from this directory:
python3 make-match-french.py
"""
import json

FRENCH = {"UNDEUFE": 3, "OBEABE": 3, "HEARTS": 1, "DIAMONDS": 1, "SPADES": 2, "CLUBS": 2}
SUITS = {"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS", "C": "CLUBS"}
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9, "8": 8, "7": 7, "6": 6}
PLAYERS = {0: "Anna", 1: "Bram", 2: "Cor", 3: "Dirk"}  # seat ids: 0 N, 1 W, 2 S, 3 E
TEAM = {0: "Team 1", 2: "Team 1", 1: "Team 2", 3: "Team 2"}


def card(c):
    return {"number": RANKS[c[1]], "color": SUITS[c[0]]}


def teams(points, current):
    return [{"name": t, "points": points[t], "currentRoundPoints": current[t]}
            for t in ("Team 1", "Team 2")]


messages = json.load(open("two-hands.json"))
out, totals, mult = [], {"Team 1": 0, "Team 2": 0}, 1
for m in messages:
    m = json.loads(json.dumps(m))
    kind = m["messageType"]
    if kind == "BROADCAST_TRUMPF" and m["data"]["mode"] != "SCHIEBE":
        mode = m["data"]["mode"]
        mult = FRENCH[m["data"]["trumpfColor"] if mode == "TRUMPF" else mode]
    rows = m["data"]["teams"] if kind == "BROADCAST_STICH" else m["data"] if kind == "BROADCAST_GAME_FINISHED" else []
    for row in rows:
        row["currentRoundPoints"] *= mult
        row["points"] = totals[row["name"]] + row["currentRoundPoints"]
    if kind == "BROADCAST_GAME_FINISHED":
        totals = {row["name"]: row["points"] for row in rows}
    out.append(m)

# The third hand: South (seat 2) is forehand and chooses hearts.
hands = {0: "S9 S8 H7 D9 D8 CK CQ CJ CT", 3: "S7 S6 H6 D7 D6 C9 C8 C7 C6",
         2: "SA HA HK HQ HJ HT H9 DA CA", 1: "SK SQ SJ ST H8 DK DQ DJ DT"}
tricks = ["HJ H6 H7 H8", "H9 S6 CT SJ", "SA S7 S8 SQ", "HA D6 CK DJ",
          "DA D7 D8 DQ", "CA C6 CQ SK", "HT C7 CJ DK", "HK C8 S9 ST", "HQ C9 D9 DT"]
points = [20, 26, 14, 17, 14, 18, 16, 14, 18]
order = [2, 3, 0, 1]  # South leads every trick; then East, North, West
for seat, cards in hands.items():
    out.append({"broadcast": False, "sentTo": f"{PLAYERS[seat]}#{seat}", "messageType": "DEAL_CARDS",
                "data": [card(c) for c in cards.split()]})
out.append({"broadcast": False, "sentTo": "Cor#2", "messageType": "REQUEST_TRUMPF", "data": False})
trumpf = {"mode": "TRUMPF", "trumpfColor": "HEARTS"}
out.append({"broadcast": False, "receivedFrom": "Cor#2", "messageType": "CHOOSE_TRUMPF", "data": trumpf})
out.append({"broadcast": True, "messageType": "BROADCAST_TRUMPF", "data": trumpf})
current = {"Team 1": 0, "Team 2": 0}
for k, (trick, p) in enumerate(zip(tricks, points)):
    played = []
    for seat, c in zip(order, trick.split()):
        out.append({"broadcast": False, "sentTo": f"{PLAYERS[seat]}#{seat}", "messageType": "REQUEST_CARD", "data": [card(x) for x in played]})
        out.append({"broadcast": False, "receivedFrom": f"{PLAYERS[seat]}#{seat}", "messageType": "CHOOSE_CARD", "data": card(c)})
        played.append(c)
        out.append({"broadcast": True, "messageType": "PLAYED_CARDS", "data": [card(x) for x in played]})
    current["Team 1"] += p + (100 if k == 8 else 0)  # all nine tricks: the match bonus
    now = {t: totals[t] + current[t] for t in totals}
    out.append({"broadcast": True, "messageType": "BROADCAST_STICH",
                "data": {"name": "Cor", "id": "p2", "seatId": 2, "playedCards": [card(x) for x in played],
                         "teams": teams(now, current)}})
out.append({"broadcast": True, "messageType": "BROADCAST_GAME_FINISHED",
            "data": teams({t: totals[t] + current[t] for t in totals}, current)})
with open("match-french.json", "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
