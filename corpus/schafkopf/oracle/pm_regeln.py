"""Writes corpus/import/netschafkopf/pm-regeln.txt and pm-regeln-1-5-1.txt: two
NetSchafkopf protocols of the rule set "PM-Regeln" (issue 29, item 7), made
for troef with the oracle of gen.py (no external data), in the protocol's
own encoding (ISO-8859-1, CRLF, sentences wrapped at 64 columns).

The same four games in both, each priced by its protocol's tariff:
1. a Wenz whose soloist holds the jacks of clubs and spades but not hearts:
   2 runners, which PM-Regeln counts in Wenz (50 + 2 x 10 = 70 at 10/50/10;
   under the Standard rule set's minimum of 3 they would not count: 50);
2. a Herz-Wenz (Farbwenz) with the same two runners: 70;
3. a Call-Ace whose side holds the queens of clubs and spades but not hearts:
   2 runners, which PM-Regeln does not count in Call-Ace (minimum 3): 10;
4. a Call-Ace whose side holds three runners: 10 + 3 x 10 = 40.
At 1/5/1 no runner counts: 5, 5, 1, 1 (+1 for schneider, schwarz).
Run: python3 corpus/schafkopf/oracle/pm_regeln.py"""
import os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import *

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = {'S': 'Gast', 'W': 'PcLinks', 'N': 'PcOben', 'E': 'PcRechts'}
SUIT = {'C': 'E', 'S': 'G', 'H': 'H', 'D': 'S'}
RANK = {'T': 'Z', 'Q': 'O', 'J': 'U'}
GERMAN = {'C': 'Eichel', 'S': 'Grün', 'H': 'Herz', 'D': 'Schellen'}


def nxt(p, k=1):
    return SEATS[(SEATS.index(p) + k) % 4]


def pc(c):
    return SUIT[c[0]] + RANK.get(c[1], c[1])


def side_of(h, kind, suit, d):
    return [d] + ([p for p in SEATS if suit + 'A' in h[p]] if kind == 'call' else [])


def find(seed, dealer, kind, suit, decl, want_runners):
    """A deal and a random legal play in which the declarers hold exactly
    `want_runners` runners (from the top trump) and make their game."""
    rng = random.Random(seed)
    for _ in range(200000):
        h = deal(rng)
        if kind == 'call' and (suit + 'A' in h[decl]
                               or not any(c[0] == suit and c[1] not in 'QJA' for c in h[decl])):
            continue
        side = side_of(h, kind, suit, decl)
        if runners(trumps(kind, suit), h, side) != (want_runners, True):
            continue
        for _ in range(40):
            g = playout(h, kind, suit, nxt(dealer), rng)
            if sum(g.pts[p] for p in side) >= 61:
                return h, g
    raise Exception('no deal for seed %s' % seed)


def wrap(text, width=64):
    """The protocol's wrapping: words up to the width, a space left at the end
    of a broken line."""
    lines, cur = [], ''
    for w in text.split(' '):
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur + ' ')
            cur = w
        else:
            cur = cur + ' ' + w if cur else w
    return lines + [cur]


GAMES = [  # dealer, kind, suit, declarer, runners held
    ('S', 'wenz', '', 'N', 2),
    ('W', 'farbwenz', 'H', 'E', 2),
    ('N', 'call', 'C', 'W', 2),
    ('E', 'call', 'S', 'N', 3),
]
DEALS = [find(100 + i, *g) for i, g in enumerate(GAMES)]


def points(v):
    return f'{v} Punkt' + ('' if v == 1 else 'e')


def protocol(profile, rule_set='PM-Regeln'):
    P = PROFILES[profile]
    out = [rule_set, 'gespielt von Gast am 23.11.26 mit Version 8.00, Update 07.09.20.']
    bal = {s: 0 for s in SEATS}
    for k, ((d, kind, suit, decl, _), (h, g)) in enumerate(zip(GAMES, DEALS), 1):
        out.append(' ')
        out.append(f'Geber: {NAMES[d]}')
        for i in range(4):
            s = nxt(d, 1 + i)
            out.append(f'{NAMES[s]:>12} hat: ' + ' '.join(pc(c) for c in h[s]))
        name = {'wenz': 'Wenz', 'farbwenz': f'{GERMAN.get(suit, "")}-Wenz',
                'call': f'Mit der {GERMAN.get(suit, "")}-Ass'}[kind]
        out.append(f'{NAMES[decl]} spielt {name}')
        for leader, cards, _ in g.tricks:
            out.append(f'{NAMES[leader]:>12} spielt aus: ' + ' '.join(pc(c) for c in cards))
        side = side_of(h, kind, suit, decl)
        sc = score(P, kind, suit, False, False, h, side, g.pts, g.tr, 8)
        verb = 'gewinnt' if sc['won'] else 'verliert'
        if kind == 'call':
            partner = [p for p in side if p != decl][0]
            what = f'das Rufspiel: {name} mit {"dir" if partner == "S" else NAMES[partner]}.'
        else:
            what = f'den {name}.'
        sentences = [f'{NAMES[decl]} {verb} {what} Die Gegner haben {sc["op"]} Augen']
        base = P['call'] if kind == 'call' else P['solo']
        price = [f'Das {"Rufspiel" if kind == "call" else "Einzelspiel"} kostet {points(base)}.']
        v = base
        for word in sc['words'][1:]:
            v += P['extra']
            price.append(f'Mit {word.capitalize()} {points(v)}.')
        n, with_ = sc['runners']
        if v != sc['v']:
            v = sc['v']
            price.append(f'{"Mit" if with_ else "Ohne"} {n} Laufende{"n" if with_ else ""} {points(v)}.')
        for text in sentences + [' '.join(price)]:
            out.extend(wrap(text))
        for s in SEATS:
            bal[s] += sc['res'][s]
        out.append('Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock')
        out.append(f'{k:>5}{sc["v"]:>9}' + ''.join(
            f'{("+" if bal[s] > 0 else "") + str(bal[s]):>13}' for s in 'WNES') + f'{0:>9}')
    out.append(' ')
    return ('\r\n'.join(out) + '\r\n').encode('latin-1')


dst = os.path.join(HERE, '..', '..', 'import', 'netschafkopf')
for profile in ('pm-regeln', 'pm-regeln-1-5-1'):
    open(os.path.join(dst, profile + '.txt'), 'wb').write(protocol(profile))
print('ok')
