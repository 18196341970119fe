"""Independent Schafkopf model for troef's corpus: deals, legal play, scores.
Written from rules-schafkopf.md, not from troef's code. Cards 'SA','HT','CQ'.."""
import random
SUITS='SHDC'; WS='CSHD'  # wenzel order clubs spades hearts diamonds
RANKS='AKQJT987'
PTS={'A':11,'T':10,'K':4,'Q':3,'J':2,'9':0,'8':0,'7':0}
SEATS='NESW'
def deck(short=False): return [s+r for s in SUITS for r in RANKS if not (short and r in '87')]
def trumps(kind,suit,short=False):
    Q=['Q'+s for s in WS]; J=['J'+s for s in WS]
    Q=[s[1]+s[0] for s in Q]; J=[s[1]+s[0] for s in J]  # 'CQ'
    sc=lambda s,skip:[s+r for r in 'ATKQJ987' if r not in skip]
    if kind in('call','ramsch'): t=Q+J+sc('H','QJ')
    elif kind=='solo': t=Q+J+sc(suit,'QJ')
    elif kind=='wenz': t=J
    elif kind=='farbwenz': t=J+sc(suit,'J')
    elif kind=='geier': t=Q
    elif kind=='farbgeier': t=Q+sc(suit,'Q')
    d=set(deck(short)); return [c for c in t if c in d]
PLAIN={'AT K Q J 9 8 7'}
def pstr(c):
    return {'A':8,'T':7,'K':6,'Q':5,'J':4,'9':3,'8':2,'7':1}[c[1]]
class Game:
    def __init__(s,hands,kind,suit,leader,no_discard=True,run_away=4,short=False):
        s.h={k:list(v) for k,v in hands.items()}; s.kind=kind; s.suit=suit
        s.T=trumps(kind,suit,short); s.leader=leader; s.trick=[]; s.pts={x:0 for x in SEATS}; s.tr={x:0 for x in SEATS}
        s.no_discard=no_discard; s.run_away=run_away; s.called_led=False; s.tricks=[]
        s.ace = suit+'A' if kind=='call' else None
    def tp(s): return SEATS[(SEATS.index(s.leader)+len(s.trick))%4]
    def follows(s,c,led):
        if led in s.T: return c in s.T
        return c not in s.T and c[0]==led[0]
    def legal(s):
        p=s.tp(); h=s.h[p]
        duty = s.ace and not s.called_led and s.ace in h
        if not s.trick:
            if duty:
                suitc=[c for c in h if c[0]==s.ace[0] and c not in s.T]
                if not (s.run_away and len(suitc)>=s.run_away):
                    return [c for c in h if not (c in suitc and c!=s.ace)]
            return list(h)
        f=[c for c in h if s.follows(c,s.trick[0])]
        if f:
            if duty and s.ace in f: return [s.ace]
            return f
        if duty and s.no_discard and len(h)>1: return [c for c in h if c!=s.ace]
        return list(h)
    def play(s,c):
        p=s.tp(); assert c in s.legal(),(p,c,s.legal()); s.h[p].remove(c); s.trick.append(c)
        if len(s.trick)==4:
            led=s.trick[0]
            def key(c):
                if c in s.T: return 100-s.T.index(c)
                if led not in s.T and c[0]==led[0]: return pstr(c)
                return 0
            i=max(range(4),key=lambda i:key(s.trick[i]))
            w=SEATS[(SEATS.index(s.leader)+i)%4]
            s.pts[w]+=sum(PTS[c[1]] for c in s.trick); s.tr[w]+=1
            if s.ace and led not in s.T and led[0]==s.ace[0]: s.called_led=True
            s.tricks.append((s.leader,list(s.trick),w)); s.leader=w; s.trick=[]
def runners(T,hands,decl):
    dc=set(c for p in decl for c in hands[p]); allc=set(c for p in SEATS for c in hands[p])
    T=[c for c in T if c in allc]
    w=T[0] in dc; n=0
    for c in T:
        if (c in dc)!=w: break
        n+=1
    return n,w
PROFILES={
 'bavarian':dict(shift=False,schneider=91,rmin=3,wrmin=2,call=10,solo=50,extra=10,tout=2,sie=4,no_discard=True),
 'parlett':dict(shift=True,schneider=90,rmin=3,wrmin=3,call=10,solo=50,extra=10,tout=2,sie=4,no_discard=False),
 'netschafkopf':dict(shift=False,schneider=91,rmin=3,wrmin=3,call=10,solo=50,extra=10,tout=2,sie=4,no_discard=True),
}
# NetSchafkopf's PM-Regeln (issue 29, item 7): runners from 3 in Call-Ace and
# Suit Solo, from 2 in Wenz and Farbwenz (Geier and Farbgeier as Wenz); and
# the 1/5/1 tariff without runners. A minimum of 0: runners never count.
PM={'call':3,'solo':3,'wenz':2,'farbwenz':2,'geier':2,'farbgeier':2}
PROFILES['pm-regeln']=dict(PROFILES['netschafkopf'],rmin_kind=PM)
PROFILES['pm-regeln-1-5-1']=dict(PROFILES['netschafkopf'],call=1,solo=5,extra=1,rmin_kind={k:0 for k in PM})
def score(prof,kind,suit,tout,sie,hands,decl,pts,tr,ntricks,klopf=0,chain=0,short=False):
    P=PROFILES[prof] if isinstance(prof,str) else prof
    dp=sum(pts[p] for p in decl); dt=sum(tr[p] for p in decl)
    need=60 if (P['shift'] and chain%2==1) else 61
    won = dt==ntricks if tout else dp>=need
    sch = (not tout) and ((dp>=P['schneider']) if won else dp<=30)
    schw = (not tout) and ((dt==ntricks) if won else dt==0)
    n,w=runners(trumps(kind,suit,short),hands,decl)
    if 'rmin_kind' in P: mn = P['rmin_kind'][kind]
    else: mn = P['wrmin'] if kind in('wenz','geier') else P['rmin']
    base = P['call'] if kind=='call' else P['solo']
    v = base + P['extra']*(sch+schw+(n if mn and n>=mn else 0))
    if sie: v*=P['sie']
    elif tout: v*=P['tout']
    v <<= (klopf+chain)
    sign=1 if won else -1
    res={p:(sign*(3*v if kind!='call' else v) if p in decl else -sign*v) for p in SEATS}
    words=['made' if won else 'failed']+(['schneider'] if sch else [])+(['schwarz'] if schw else [])
    return dict(dp=dp,op=120-dp,won=won,v=v,res=res,words=words,runners=(n,w))
def pbn(hands):
    out=[]
    for p in SEATS:
        h=hands[p]; parts=[]
        for s in SUITS:
            parts.append(''.join(r for r in RANKS if s+r in h))
        out.append('.'.join(parts))
    return 'N:'+' '.join(out)
def deal(rng,short=False):
    d=deck(short); rng.shuffle(d); n=len(d)//4
    return {p:d[i*n:(i+1)*n] for i,p in enumerate(SEATS)}
def playout(hands,kind,suit,leader,rng,policy=None,**kw):
    g=Game(hands,kind,suit,leader,**kw)
    n=len(hands['N'])
    for _ in range(4*n):
        L=g.legal()
        c=policy(g,L) if policy else rng.choice(L)
        g.play(c)
    return g
def fmt_result(res):
    return ' '.join(f"{p} {'+' if res[p]>0 else ''}{res[p]}" for p in SEATS)
