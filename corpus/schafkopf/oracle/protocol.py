"""Writes corpus/import/netschafkopf/session.txt: a NetSchafkopf protocol made
for troef from three records of corpus/schafkopf (no external data), in the
protocol's own encoding (ISO-8859-1, CRLF)."""
import os, re
HERE=os.path.dirname(os.path.abspath(__file__))
NAMES={'S':'Gast','W':'PcLinks','N':'PcOben','E':'PcRechts'}
ORDER='NESW'
SUIT={'C':'E','S':'G','H':'H','D':'S'}; RANK={'T':'Z','Q':'O','J':'U'}
GERMAN={'C':'Eichel','S':'Grün','H':'Herz','D':'Schellen'}
def pc(c): return SUIT[c[0]]+RANK.get(c[1],c[1])
def recs(f): return [r for r in open(os.path.join(HERE,'..',f)).read().split('\n\n')[1:] if r.strip()]
def tag(r,n):
    m=re.search(r'\['+n+r' "([^"]*)"\]',r); return m.group(1) if m else None
def hands(r):
    parts=tag(r,'Deal')[2:].split()
    return {ORDER[i]:[s+x for s,p in zip('SHDC',h.split('.')) for x in p] for i,h in enumerate(parts)}
def tricks(r):
    lines=r.split('\n'); i=[k for k,l in enumerate(lines) if l.startswith('[Play')][0]
    out=[]
    for l in lines[i+1:]:
        if l.startswith('['): break
        out.append([w for w in l.split() if re.fullmatch(r'[SHDC][AKQJT987]',w)])
    return out
def nxt(s,k=1): return ORDER[(ORDER.index(s)+k)%4]
games=[recs('worked-example.ttn')[0], recs('netschafkopf.ttn')[0], recs('netschafkopf.ttn')[3]]
bal={s:0 for s in ORDER}
out=['Standard','gespielt von Gast am 21.11.26 mit Version 5.05, Update 10.07.07.']
for k,r in enumerate(games,1):
    out.append(' ')
    # Each game turned k-1 seats clockwise, so that the deal passes to the left.
    R=lambda s: nxt(s,k-1)
    d=R(tag(r,'Dealer')); h0=hands(r); h={R(s):h0[s] for s in ORDER}; e=nxt(d)
    out.append(f'Geber: {NAMES[d]}')
    for i in range(4):
        s=nxt(e,i); out.append(f'{NAMES[s]:>12} hat: '+' '.join(pc(c) for c in h[s]))
    c=tag(r,'Contract'); res=tag(r,'Result')
    if c=='ramsch':
        out.append('Es wurde Ramsch gespielt.')
    else:
        word,_,who=c.split()
        kind,_,suit=word.partition(':')
        name={'call':f'Mit der {GERMAN.get(suit,"")}-As','farbwenz':f'{GERMAN.get(suit,"")}-Wenz'}[kind]
        out.append(f'{NAMES[R(who)]} spielt {name}')
    held={s:set(h[s]) for s in ORDER}
    ts=tricks(r); leaders=[e]
    for t in ts[1:]:
        leaders.append([s for s in ORDER if t[0] in held[s]][0])
    for t,l in zip(ts,leaders):
        out.append(f'{NAMES[l]:>12} spielt aus: '+' '.join(pc(x) for x in t))
    pts=tag(r,'Points'); val=tag(r,'Value')
    if c=='ramsch':
        seat_pts={R(m.group(1)):int(m.group(2)) for m in re.finditer(r'([NESW]) (\d+)',pts)}
        loser=max(seat_pts,key=seat_pts.get)
        out.append(f'{NAMES[loser]} verliert den Ramsch. {NAMES[loser]} hat {seat_pts[loser]} Augen')
        out.append(f'Der Ramsch kostet {val} Punkte.')
    else:
        won='made' in res; who=R(c.split()[-1])
        defs=re.search(r'defenders (\d+)',pts).group(1)
        verb='gewinnt' if won else 'verliert'
        out.append(f'{NAMES[who]} {verb} das Spiel. Die Gegner haben {defs} Augen')
        out.append(f'Das Spiel kostet {val} Punkte.')
    delta={R(m.group(1)):int(m.group(2)) for m in re.finditer(r'([NESW]) ([+-]?\d+)',res)}
    for s in ORDER: bal[s]+=delta[s]
    out.append('Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock')
    cols=['W','N','E','S']
    out.append(f'{k:>5}{int(val):>9}'+''.join(f'{("+" if bal[s]>0 else "")+str(bal[s]):>13}' for s in cols)+f'{0:>9}')
out.append(' ')
dst=os.path.join(HERE,'..','..','import','netschafkopf'); os.makedirs(dst,exist_ok=True)
open(os.path.join(dst,'session.txt'),'wb').write(('\r\n'.join(out)+'\r\n').encode('latin-1'))
print('ok')
