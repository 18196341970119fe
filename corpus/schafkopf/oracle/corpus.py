import random, sys, os
sys.path.insert(0,os.path.dirname(os.path.abspath(__file__)))
from gen import *
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'..')
def nxt(p,k=1): return SEATS[(SEATS.index(p)+k)%4]
def search(seed, dealer, kind, suit, decl_seat, deal_ok, play_ok, short=False, no_discard=True, policy=None, max_deals=20000, plays=60):
    rng=random.Random(seed)
    eldest=nxt(dealer)
    for _ in range(max_deals):
        h=deal(rng,short)
        if not deal_ok(h): continue
        for _ in range(plays):
            g=playout(h,kind,suit,eldest,rng,policy=policy,no_discard=no_discard,short=short)
            if play_ok(h,g): return h,g
    raise Exception('not found %s'%seed)
def decl_side(h,kind,suit,d):
    if kind=='call':
        return [d]+[p for p in SEATS if suit+'A' in h[p]]
    return [d]
def call_ok(h,d,s):
    return (s+'A') not in h[d] and any(c[0]==s and c[1] not in 'QJA' for c in h[d])
def auc(dealer, decl, word):
    e=nxt(dealer)
    return ' '.join('play' if nxt(e,k)==decl else 'pass' for k in range(4))+' '+word
def rec(comment, prof, dealer, h, g, contract, decl, sc=None, auction=None, play_prefix='', after_first='', extra_tags='', points=None, value=True, result=True, total=None, match=None, board=None, tricks_override=None, event=None):
    L=[]
    if comment: L.append('{'+comment+'}')
    L.append('[Game "schafkopf"]')
    L.append(f'[Rules "{prof}"]')
    if event: L.append(f'[Event "{event}"]')
    if match: L.append(f'[Match "{match}"]')
    if board: L.append(f'[Board "{board}"]')
    L.append(f'[Dealer "{dealer}"]')
    L.append(f'[Deal "{pbn(h)}"]')
    if extra_tags: L.append(extra_tags)
    if auction is not None:
        L.append(f'[Auction "{nxt(dealer)}"]'); L.append(auction)
    if contract: L.append(f'[Contract "{contract}"]')
    if g is not None:
        L.append(f'[Play "{nxt(dealer)}"]')
        tricks=[t[1] for t in g.tricks]
        for i,t in enumerate(tricks):
            line=' '.join(t)
            if i==0:
                if after_first:
                    line=t[0]+' '+after_first+' '+' '.join(t[1:])
                if play_prefix: line=play_prefix+' '+line
            L.append(line)
    if sc is not None:
        if points=='def': L.append(f'[Points "declarers {sc["dp"]} defenders {sc["op"]}"]')
        if value: L.append(f'[Value "{sc["v"]}"]')
        if result: L.append(f'[Result "{fmt_result(sc["res"])} {" ".join(sc["words"])}"]')
    if total: L.append(f'[Total "{total}"]')
    return '\n'.join(L)+'\n'
files={}
def add(f,t): files.setdefault(f,[]).append(t)

# ---------- worked examples (rules-schafkopf.md section 6) ----------
d='E'; D='S'  # dealer E, declarer S
def ex1_deal(h):
    if not call_ok(h,D,'S'): return False
    side=decl_side(h,'call','S',D)
    held=set(c for p in side for c in h[p])
    return {'CQ','SQ','HQ'}<=held and 'DQ' not in held
def pts_eq(n):
    return lambda h,g: sum(g.pts[p] for p in decl_side(h,'call','S',D))==n
h1,g1=search(1,d,'call','S',D,ex1_deal,pts_eq(74))
side=decl_side(h1,'call','S',D); defn=[p for p in SEATS if p not in side]
s=score('bavarian','call','S',False,False,h1,side,g1.pts,g1.tr,8)
assert s['v']==40, s
add('worked-example',rec("rules-schafkopf.md section 6, example 1: Call-Ace, the ace of spades called. The declarers ({}) hold the queens of clubs, spades and hearts but not diamonds: 3 runners. They take 74, the defenders 46; no schneider. Value 10 + 3 x 10 = 40: each defender pays 40 to a declarer.".format(' and '.join(side)),
  'bavarian',d,h1,g1,'call:S by S','S',s,auction=auc(d,D,'call:S'),points='def'))
s=score('bavarian','call','S',False,False,h1,side,g1.pts,g1.tr,8,chain=1)
assert s['v']==80
add('worked-example',rec(f"Example 1 with Kontra ({defn[0]}, a defender, before the opening lead): 80.",'bavarian',d,h1,g1,'call:S by S','S',s,auction=auc(d,D,'call:S'),play_prefix=f'kontra:{defn[0]}',points='def'))
s=score('parlett','call','S',False,False,h1,side,g1.pts,g1.tr,8,chain=1)
assert s['v']==80
add('worked-example',rec(f"Example 1 under Parlett: Kontra may come until the second card of trick 1 is played (SK-V2); 74 wins either way: 80.",'parlett',d,h1,g1,'call:S by S','S',s,auction=auc(d,D,'call:S'),after_first=f'kontra:{defn[0]}',points='def'))
# example 2: 60 after Kontra
h2,g2=search(2,d,'call','S',D,ex1_deal,pts_eq(60))
side2=decl_side(h2,'call','S',D); def2=[p for p in SEATS if p not in side2]
for prof in ('parlett','bavarian'):
    s=score(prof,'call','S',False,False,h2,side2,g2.pts,g2.tr,8,chain=1)
    assert s['won']==(prof=='parlett'), (prof,s)
    pos = dict(after_first=f'kontra:{def2[0]}') if prof=='parlett' else dict(play_prefix=f'kontra:{def2[0]}')
    add('worked-example',rec(f"Example 2 under {prof}: the declarers take exactly 60 after a defender said Kontra. "+("Parlett (SK-V1): the Kontra side needs 61, so the declarers win." if prof=='parlett' else "Bavarian: the declarers still need 61 and lose."),prof,d,h2,g2,'call:S by S','S',s,auction=auc(d,D,'call:S'),points='def',**pos))
# example 3: exactly 90
h3,g3=search(3,d,'call','S',D,ex1_deal,pts_eq(90))
side3=decl_side(h3,'call','S',D)
for prof in ('parlett','bavarian'):
    s=score(prof,'call','S',False,False,h3,side3,g3.pts,g3.tr,8)
    assert ('schneider' in s['words'])==(prof=='parlett'), s
    add('worked-example',rec(f"Example 3 under {prof}: the declarers take exactly 90. "+("Parlett: schneider (90 or more), value 10 + 10 + 3 runners = 50." if prof=='parlett' else "Bavarian: no schneider (it needs 91), value 10 + 3 runners = 40."),prof,d,h3,g3,'call:S by S','S',s,auction=auc(d,D,'call:S'),points='def'))
# example 4: Wenz, JC JS not JH
def ex4(h): return 'CJ' in h[D] and 'SJ' in h[D] and 'HJ' not in h[D]
h4,g4=search(4,d,'wenz',None,D,ex4,lambda h,g: g.pts[D]>=61 and g.pts[D]<91 and g.tr[D]<8)
for prof in ('bavarian','parlett'):
    s=score(prof,'wenz',None,False,False,h4,[D],g4.pts,g4.tr,8)
    assert s['v']==(70 if prof=='bavarian' else 50), s
    add('worked-example',rec(f"Example 4 under {prof}: a Wenz; the soloist holds the jacks of clubs and spades but not hearts. "+("Bavarian: runners count from 2 in Wenz, +20: 70 from each opponent." if prof=='bavarian' else "Parlett: runners need the top three; none count: 50."),prof,d,h4,g4,'wenz by S','S',s,auction=auc(d,D,'wenz'),points='def'))
# example 5: Solo-Tout with 3 runners under Parlett (SK-V5: no trump-suit cards but Wenzels)
def ex5(h):
    hh=h[D]; held=set(hh)
    if not ({'CQ','SQ','HQ'}<=held and 'DQ' not in held): return False
    return not any(c[0]=='C' and c[1] not in 'QJ' for c in hh)
h5,g5=search(5,d,'solo','C',D,ex5,lambda h,g: g.tr[D]==8, max_deals=400000, plays=30)
s=score('parlett','solo','C',True,False,h5,[D],g5.pts,g5.tr,8)
assert s['v']==160, s
add('worked-example',rec("Example 5 (Parlett): a Solo-Tout in clubs won with 3 runners (the queens of clubs, spades and hearts; the queen of diamonds is out): (50 + 30) x 2 = 160 from each opponent. The soloist holds no club but Wenzels (SK-V5).",'parlett',d,h5,g5,'solo-tout:C by S','S',s,auction=auc(d,D,'solo-tout:C'),points='def'))

def ramsch_score(prof_tariff, pts, tr, klopf=0, tie='all_pay', tricks=None, hands=None):
    base=prof_tariff<<klopf
    for p in SEATS:
        if tr[p]==8 or tr[p]==sum(tr.values()): return dict(v=base,res={q:(3*base if q==p else -base) for q in SEATS},words=['ramsch','durchmarsch'])
    jf=[p for p in SEATS if tr[p]==0]
    most=max(pts.values()); losers=[p for p in SEATS if pts[p]==most]
    # house.ramsch_tie: 'all_pay' [D], or 'last_trick' (of the tied, who took the latest trick)
    if tie=='last_trick' and len(losers)>1:
        losers=[[w for (_,_,w) in tricks if w in losers][-1]]
    # 'highest_trump' (NetSchafkopf): of the tied, who held the highest trump
    if tie=='highest_trump' and len(losers)>1:
        losers=[next(p for c in trumps('ramsch',None) for p in losers if c in hands[p])]
    v=base<<len(jf); w=4-len(losers)
    res={p:(-v*w if p in losers else v*len(losers)) for p in SEATS}
    return dict(v=v,res=res,words=['ramsch']+(['jungfrau'] if jf else []))
def sc_for(prof,kind,suit,h,g,decl,tout=False,sie=False,chain=0,klopf=0,short=False):
    side=decl_side(h,kind,suit,decl)
    return score(prof,kind,suit,tout,sie,h,side,g.pts,g.tr,len(h['N']),chain=chain,klopf=klopf,short=short)
def deal_with(rng, seat, fixed, short=False):
    rest=[c for c in deck(short) if c not in fixed]; rng.shuffle(rest)
    n=len(deck(short))//4; h={}
    k=0
    for p in SEATS:
        if p==seat:
            h[p]=list(fixed)+rest[k:k+n-len(fixed)]; k+=n-len(fixed)
        else:
            h[p]=rest[k:k+n]; k+=n
    return h
# ---------- contracts under both profiles ----------
d='N'; D='E'  # dealer N, eldest E declares
# call-ace
hc,gc=search(10,d,'call','C',D,lambda h: call_ok(h,D,'C'),lambda h,g: 61<=sum(g.pts[p] for p in decl_side(h,'call','C',D))<90)
# wenz
hw,gw=search(11,d,'wenz',None,D,lambda h: sum(c[1]=='J' for c in h[D])>=2,lambda h,g: g.pts[D]>=61)
# solo (SK-V5 holds, so both profiles take it)
def sk5(suit): return lambda h: not any(c[0]==suit and c[1] not in 'QJ' for c in h[D]) and sum(c[1] in 'QJ' for c in h[D])>=4
hs,gs=search(12,d,'solo','D',D,sk5('D'),lambda h,g: g.pts[D]>=61)
# wenz-tout: the four jacks and two aces
rng=random.Random(13)
while True:
    hwt=deal_with(rng,D,['CJ','SJ','HJ','DJ','SA','HA'])
    g=None
    for _ in range(40):
        gt=playout(hwt,'wenz',None,D,rng)
        if gt.tr[D]==8: g=gt; break
    if g: gwt=g; break
# sie: all eight Wenzels
rng=random.Random(14)
hsie=deal_with(rng,D,['CQ','SQ','HQ','DQ','CJ','SJ','HJ','DJ'])
gsie=playout(hsie,'solo','H',D,rng)
assert gsie.tr[D]==8
for prof in ('bavarian','parlett'):
    F='contracts-'+prof
    s=sc_for(prof,'call','C',hc,gc,D)
    add(F,rec(f"Call-Ace under {prof}: East calls the ace of clubs; its holder is the partner.",prof,d,hc,gc,'call:C by E','E',s,auction=auc(d,D,'call:C'),points='def'))
    s=sc_for(prof,'wenz',None,hw,gw,D)
    add(F,rec(f"Wenz under {prof}: only the four jacks are trumps; queens rank between king and nine.",prof,d,hw,gw,'wenz by E','E',s,auction=auc(d,D,'wenz'),points='def'))
    s=sc_for(prof,'solo','D',hs,gs,D)
    add(F,rec(f"Suit Solo in diamonds under {prof}: the eight Wenzels and the diamonds are trumps. The soloist holds no diamond but Wenzels, so Parlett's SK-V5 allows it too.",prof,d,hs,gs,'solo:D by E','E',s,auction=auc(d,D,'solo:D'),points='def'))
    s=sc_for(prof,'wenz',None,hwt,gwt,D,tout=True)
    add(F,rec(f"Wenz-Tout under {prof}: all eight tricks; the value is doubled, schneider and schwarz do not count.",prof,d,hwt,gwt,'wenz-tout by E','E',s,auction=auc(d,D,'wenz-tout'),points='def'))
    s=sc_for(prof,'solo','C',h5,g5,'S',tout=True)
    add(F,rec(f"Solo-Tout in clubs under {prof} (the deal of worked example 5).",prof,'E',h5,g5,'solo-tout:C by S','S',s,auction=auc('E','S','solo-tout:C'),points='def'))
    s=sc_for(prof,'solo','H',hsie,gsie,D,tout=True,sie=True)
    add(F,rec(f"Sie under {prof}: East was dealt all eight Wenzels; a Solo-Tout in hearts: (50 + 8 runners x 10) x 4 = 520 from each opponent (the heart ace, the ninth trump, is out).",prof,d,hsie,gsie,'sie:H by E','E',s,auction=auc(d,D,'sie:H'),points='def'))

# ---------- Kontra and Re ----------
d='E'; D='S'
side1=decl_side(h1,'call','S',D); def1=[p for p in SEATS if p not in side1]
s=sc_for('bavarian','call','S',h1,g1,D,chain=2)
add('kontra-re',rec(f"Kontra by {def1[0]} and Re by {side1[1]} (the partner) before the opening lead: 40 x 4 = 160 (the deal of worked example 1).",'bavarian',d,h1,g1,'call:S by S','S',s,auction=auc(d,D,'call:S'),play_prefix=f'kontra:{def1[0]} re:{side1[1]}',points='def'))
s=sc_for('parlett','call','S',h2,g2,D,chain=2)
assert not s['won']
add('kontra-re',rec(f"Parlett: after Kontra the declarers would win with 60 (worked example 2), but they said Re and need 61 again: 60 loses, (10 + 3 runners x 10) x 4 = 160 to each defender.",'parlett',d,h2,g2,'call:S by S','S',s,auction=auc(d,D,'call:S'),after_first=f'kontra:{def2[0]} re:{side2[0]}',points='def'))
# house.re_deadline: the sources give no time for Re; [D] until trick 1 is complete
s=sc_for('bavarian','call','S',h1,g1,D,chain=2)
r=rec(f"Re after the opening lead: the sources give no time for Re, and under house.re_deadline = before_fourth_card [D] it may come until trick 1 is complete. Kontra by {def1[0]} before the lead (SK-V2), Re by {side1[1]} after the second card: 160.",'bavarian',d,h1,g1,'call:S by S','S',s,auction=auc(d,D,'call:S'),play_prefix=f'kontra:{def1[0]}',points='def')
t0=g1.tricks[0][1]
assert f"kontra:{def1[0]} {' '.join(t0)}" in r
r=r.replace(f"kontra:{def1[0]} {' '.join(t0)}",f"kontra:{def1[0]} {t0[0]} {t0[1]} re:{side1[1]} {t0[2]} {t0[3]}")
add('kontra-re',r)
# kontra with the seat left out (as imported protocols write it)
s=sc_for('bavarian','call','C',hc,gc,'E',chain=1)
add('kontra-re',rec("Kontra with the speaker unknown (as imported protocols write it): the word alone.",'bavarian','N',hc,gc,'call:C by E','E',s,auction=auc('N','E','call:C'),play_prefix='kontra',points='def'))

# ---------- schneider, schwarz, runners without ----------
d='W'; D='N'
def callD(h): return call_ok(h,D,'D')
hz,gz=search(20,d,'call','D',D,callD,lambda h,g: sum(g.tr[p] for p in decl_side(h,'call','D',D))==8, max_deals=200000, plays=20)
for prof in ('bavarian','parlett'):
    s=sc_for(prof,'call','D',hz,gz,D)
    add('schneider-schwarz',rec(f"Schwarz under {prof}: the declarers take all eight tricks: schneider and schwarz, +10 each.",prof,d,hz,gz,'call:D by N','N',s,auction=auc(d,D,'call:D'),points='def'))
hl,gl=search(21,d,'call','D',D,callD,lambda h,g: sum(g.pts[p] for p in decl_side(h,'call','D',D))<=30)
s=sc_for('bavarian','call','D',hl,gl,D)
add('schneider-schwarz',rec("The declarers are held to 30 or less: they lose schneider (schneider free at 31).",'bavarian',d,hl,gl,'call:D by N','N',s,auction=auc(d,D,'call:D'),points='def'))
def without(h):
    side=decl_side(h,'call','D',D); held=set(c for p in side for c in h[p])
    return callD(h) and not ({'CQ','SQ','HQ','DQ'} & held)
hwo,gwo=search(22,d,'call','D',D,without,lambda h,g: True)
s=sc_for('bavarian','call','D',hwo,gwo,D)
assert not s['runners'][1] and s['runners'][0]>=4
add('schneider-schwarz',rec(f"Runners \"without\": the defenders hold the top {s['runners'][0]} trumps; they count for whichever side wins.",'bavarian',d,hwo,gwo,'call:D by N','N',s,auction=auc(d,D,'call:D'),points='def'))

# ---------- the called ace ----------
d='S'; D='W'
def run_away_deal(h):
    if not call_ok(h,D,'C'): return False
    pa=[p for p in SEATS if 'CA' in h[p]][0]
    return len([c for c in h[pa] if c[0]=='C' and c[1] not in 'QJ'])>=4
def ran_away(h,g):
    pa=[p for p in SEATS if 'CA' in h[p]][0]
    for leader,cards,w in g.tricks:
        if cards[0][0]=='C' and cards[0][1] not in 'QJ':
            return leader==pa and cards[0]!='CA'
    return False
hr,gr=search(30,d,'call','C',D,run_away_deal,ran_away,max_deals=100000,plays=40)
pa=[p for p in SEATS if 'CA' in hr[p]][0]
s=sc_for('bavarian','call','C',hr,gr,D)
add('called-ace',rec(f"Running away (rule 4b): {pa} holds the called ace of clubs with three more clubs and leads a low club before clubs were led; with fewer than four he would have to lead the ace.",'bavarian',d,hr,gr,'call:C by W','W',s,auction=auc(d,D,'call:C'),points='def'))
def discarded(h,g):
    pa=[p for p in SEATS if 'CA' in h[p]][0]
    for leader,cards,w in g.tricks[:7]:
        if 'CA' in cards:
            led=cards[0]
            return not (led[0]=='C' and led[1] not in 'QJ')
        if cards[0][0]=='C' and cards[0][1] not in 'QJ': return False
    return False
hd,gd=search(31,d,'call','C',D,lambda h: call_ok(h,D,'C'),discarded,no_discard=False,max_deals=100000,plays=40)
s=sc_for('parlett','call','C',hd,gd,D)
add('called-ace',rec("Parlett (SK-V7 off): the partner, void in the suit led, discards the called ace before clubs were led. The Bavarian rule forbids it (see corpus/diff).",'parlett',d,hd,gd,'call:C by W','W',s,auction=auc(d,D,'call:C'),points='def'))

# SK-V8: a void call
def void_deal(h):
    return 'SA' not in h[D] and not any(c[0]=='S' and c[1] not in 'QJ' for c in h[D])
hv,gv=search(32,d,'call','S',D,void_deal,lambda h,g: True)
s=sc_for('bavarian','call','S',hv,gv,D)
add('called-ace',rec("SK-V8: West holds no spade but the queen and jack (trumps) and calls the ace of spades, announcing the void (void-call:S); the profile file allows it, bavarian does not (E307).",'profiles/void-call.toml',d,hv,gv,'void-call:S by W','W',s,auction=auc(d,D,'void-call:S'),points='def'))

# ---------- bidding ----------
d='N'  # eldest E, then S, W, N
def two(h): return sum(c[1] in 'QJ' for c in h['E'])>=3 and sum(c[1]=='J' for c in h['S'])>=2 and not any(c[0]=='H' and c[1] not in 'QJ' for c in h['E'])
hb,gb=search(40,d,'wenz',None,'S',two,lambda h,g: True)
# me-too: E says play, S says play (me too); E states solo:H, S states wenz: the solo wins (Wenz ranks lower, SK-V6)
gb=None
rng=random.Random(41)
for _ in range(50):
    g=playout(hb,'solo','H','E',rng)
    gb=g; break
s=sc_for('bavarian','solo','H',hb,gb,'E')
add('bidding',rec("Pass / Play with \"me too\": East plays, South says play too (a solo bid), North and West pass. East names a Solo in hearts, South a Wenz: the Solo ranks higher (SK-V6 lower).",'bavarian',d,hb,gb,'solo:H by E','E',s,auction='play me-too pass pass solo:H wenz',points='def'))
gb2=playout(hb,'wenz',None,'E',random.Random(42))
s=sc_for('bavarian','wenz',None,hb,gb2,'S')
add('bidding',rec("Priority by seat: East names a Wenz, South a Suit Solo; under a profile where Wenz and Suit Solo rank equal (SK-V6 equal) the earlier speaker, East... no: here the Solo ranks higher, so the profile file makes them equal and East's Wenz stands.",'profiles/wenz-equals-solo.toml',d,hb,gb2,'wenz by S','S',s,auction='play me-too pass pass wenz solo:H',points='def') if False else '')
files['bidding']=[t for t in files['bidding'] if t]
# equal ranks: E states wenz, S states solo:H; equal -> E (earlier) wins the Wenz
he=hb
ge=playout(he,'wenz',None,'E',random.Random(43))
s=sc_for('bavarian','wenz',None,he,ge,'E')
add('bidding',rec("Priority by seat (SK-V6 equal, profile file): East names a Wenz, South a Solo in hearts. Ranked equal, the earlier speaker plays: East's Wenz. Under bavarian the Solo would win (see corpus/diff).",'profiles/wenz-equals-solo.toml',d,he,ge,'wenz by E','E',s,auction='play me-too pass pass wenz solo:H',points='def'))
# all pass: redeal
hp=deal(random.Random(44))
add('bidding',rec("All four pass: the deal is thrown in and passes on (SK-V9 redeal).",'bavarian',d,hp,None,None,None,dict(v=0,res={p:0 for p in SEATS},words=['redeal']),auction='pass pass pass pass',value=False))

# ---------- NetSchafkopf contracts ----------
d='E'; D='S'
NP=dict(PROFILES['netschafkopf'])
hfw,gfw=search(50,d,'farbwenz','H',D,lambda h: sum(c[1]=='J' or c[0]=='H' for c in h[D])>=5,lambda h,g: g.pts[D]>=61)
s=sc_for('netschafkopf','farbwenz','H',hfw,gfw,D)
add('netschafkopf',rec("Farbwenz in hearts: the jacks, then the hearts A 10 K Q 9 8 7, are trumps.",'netschafkopf',d,hfw,gfw,'farbwenz:H by S','S',s,auction=auc(d,D,'farbwenz:H'),points='def'))
hg,gg=search(51,d,'geier',None,D,lambda h: sum(c[1]=='Q' for c in h[D])>=3,lambda h,g: g.pts[D]>=61)
s=sc_for('netschafkopf','geier',None,hg,gg,D,klopf=1)
add('netschafkopf',rec("Geier: only the four queens are trumps; jacks rank between king and nine. One player doubled on the first cards (NetSchafkopf's \"aufgedoppelt\"): x2.",'netschafkopf',d,hg,gg,'geier by S','S',s,auction='double:W '+auc(d,D,'geier'),points='def'))
hfg,gfg=search(52,d,'farbgeier','C',D,lambda h: sum(c[1]=='Q' or c[0]=='C' for c in h[D])>=5,lambda h,g: g.pts[D]<61)
s=sc_for('netschafkopf','farbgeier','C',hfg,gfg,D)
add('netschafkopf',rec("Farbgeier in clubs, lost.",'netschafkopf',d,hfg,gfg,'farbgeier:C by S','S',s,auction=auc(d,D,'farbgeier:C'),points='def'))
# Ramsch
hra=deal(random.Random(53)); gra=playout(hra,'ramsch',None,'S',random.Random(54))
rs=ramsch_score(10,gra.pts,gra.tr)
pts=' '.join(f"{p} {gra.pts[p]}" for p in SEATS)
add('netschafkopf',rec("All pass: Ramsch (SK-V9). Call-Ace trumps, each for herself; the most card points pay each other player.",'netschafkopf',d,hra,gra,'ramsch',None,rs,auction='pass pass pass pass')+'')
files['netschafkopf'][-1]=files['netschafkopf'][-1].replace('[Value','[Points "'+pts+'"]\n[Value')
# find a ramsch with a Jungfrau
rng=random.Random(55)
while True:
    hj=deal(rng); gj=playout(hj,'ramsch',None,'S',rng)
    if any(gj.tr[p]==0 for p in SEATS): break
rs=ramsch_score(10,gj.pts,gj.tr,klopf=1)
add('netschafkopf',rec("Ramsch with a Jungfrau (a player who took no trick): the value doubles; one doubling on the first cards doubles again.",'netschafkopf',d,hj,gj,'ramsch',None,rs,auction='double pass pass pass pass'))
# a tie for the most points (house.ramsch_tie)
rng=random.Random(59)
while True:
    ht=deal(rng); gt=playout(ht,'ramsch',None,'S',rng)
    top=sorted(gt.pts.values())[-2:]
    if top[0]==top[1] and all(gt.tr[p]>0 for p in SEATS): break
pts=' '.join(f"{p} {gt.pts[p]}" for p in SEATS)
tied=[p for p in SEATS if gt.pts[p]==top[1]]
last=[w for (_,_,w) in gt.tricks if w in tied][-1]
high=next(c for c in trumps('ramsch',None) if any(c in ht[p] for p in tied))
holder=[p for p in tied if high in ht[p]][0]
rs=ramsch_score(10,gt.pts,gt.tr,tie='highest_trump',hands=ht)
add('netschafkopf',rec(f"Ramsch, a tie for the most card points ({' and '.join(tied)}, {top[1]} each). NetSchafkopf settles a tie so: of the tied players, the one who held the highest trump pays alone (house.ramsch_tie = highest_trump; openschafkopf's rulesramsch.rs computes the same). {'South' if holder=='S' else holder} held {high}, the highest trump: {holder} pays {rs['v']} to each of the others.",'netschafkopf',d,ht,gt,'ramsch',None,rs,auction='pass pass pass pass'))
files['netschafkopf'][-1]=files['netschafkopf'][-1].replace('[Value','[Points "'+pts+'"]\n[Value')
rs=ramsch_score(10,gt.pts,gt.tr)
add('netschafkopf',rec("The same Ramsch under a profile file with house.ramsch_tie = all_pay (troef's default where the sources are silent [D]): both tied players pay each of the others.",'profiles/ramsch-all-pay.toml',d,ht,gt,'ramsch',None,rs,auction='pass pass pass pass'))
files['netschafkopf'][-1]=files['netschafkopf'][-1].replace('[Value','[Points "'+pts+'"]\n[Value')
rs=ramsch_score(10,gt.pts,gt.tr,tie='last_trick',tricks=gt.tricks)
add('netschafkopf',rec(f"The same Ramsch under a profile file with house.ramsch_tie = last_trick (Skat's Ramsch rule in raschesspiele.de): of the tied players, {last} took the later trick and pays alone.",'profiles/ramsch-last-trick.toml',d,ht,gt,'ramsch',None,rs,auction='pass pass pass pass'))
files['netschafkopf'][-1]=files['netschafkopf'][-1].replace('[Value','[Points "'+pts+'"]\n[Value')
# Schieber exchange, all pass: eldest and dealer pay the solo tariff
hx=deal(random.Random(56))
add('netschafkopf',rec("A Schieber round (NetSchafkopf): the cards were exchanged, but the protocol does not show which; all pass and the deal is thrown in: eldest (S) and the dealer (E) each pay 50 to one of the other two.",'netschafkopf',d,hx,None,None,None,dict(v=50,res={'S':-50,'E':-50,'N':50,'W':50},words=['redeal']),auction='pass pass pass pass',extra_tags='[Exchange "schieber"]'))
# Schieber exchange with play: dealer passes two, then each in turn
rng=random.Random(57)
order=[nxt(d,k) for k in range(4)]
gx=None
while gx is None:
    hx0=deal(rng); hx=dict((p,list(v)) for p,v in hx0.items())
    passed=[]
    for p in order:
        pair=rng.sample(hx[p],2); passed+=pair
        for c in pair: hx[p].remove(c); hx[nxt(p)].append(c)
    if sum(c[1] in 'QJ' or c[0]=='S' for c in hx['S'])<5: continue
    for _ in range(50):
        g=playout(hx,'solo','S','S',rng)
        if g.pts['S']>=61: gx=g; break
s=score('netschafkopf','solo','S',False,False,hx,['S'],gx.pts,gx.tr,8)
add('netschafkopf',rec("A Schieber round with play: the dealer (E) passes two cards to the left, then each player in turn; the deal shows the hands as dealt, [Exchange] the cards passed, the dealer's pair first.",'netschafkopf',d,hx0,gx,'solo:S by S','S',s,extra_tags='[Exchange "schieber"]\n'+' '.join(passed),points='def'))
# short pack
hsh,gsh=search(58,d,'farbwenz','D',D,lambda h: sum(c[1]=='J' or c[0]=='D' for c in h[D])>=4,lambda h,g: g.pts[D]>=61,short=True)
s=score('netschafkopf','farbwenz','D',False,False,hsh,[D],gsh.pts,gsh.tr,6,short=True)
s['v']=None
P2=dict(NP); P2.update(call=2,solo=5,extra=1)
s=score(P2,'farbwenz','D',False,False,hsh,[D],gsh.pts,gsh.tr,6,short=True)
add('netschafkopf',rec("The short pack (kurze Karte): 24 cards, six tricks, still 120 card points; tariff 2/5/1 (netschafkopf-short).",'netschafkopf-short',d,hsh,gsh,'farbwenz:D by S','S',s,auction=auc(d,D,'farbwenz:D'),points='def'))

# ---------- a session: four deals, dealer rotating to the left, running balances ----------
tot={p:0 for p in SEATS}
deals=[('E','S',h1,g1,'call','S','call:S by S',None),('S','W',hr,gr,'call','C','call:C by W',None),('W','N',hz,gz,'call','D','call:D by N',None),('N','E',hw,gw,'wenz',None,'wenz by E',None)]
for i,(dl,dc,h,g,kind,suit,cw,_) in enumerate(deals):
    # the deals above were generated for these dealers: rotate check
    s=sc_for('bavarian',kind,suit,h,g,dc)
    for p in SEATS: tot[p]+=s['res'][p]
    t=' '.join(f"{p} {'+' if tot[p]>0 else ''}{tot[p]}" for p in SEATS)
    add('session',rec("A session of four deals: the deal passes to the left, and [Total] claims every player's running balance." if i==0 else None,'bavarian',dl,h,g,cw,dc,s,auction=auc(dl,dc,cw.split()[0]),points='def',total=t,match='club evening',board=str(i+1)))
for f,ts in files.items():
    open(os.path.join(OUT,f+'.ttn'),'w').write('% TTN 1\n\n'+'\n'.join(ts))
print('ok', {f:len(t) for f,t in files.items()})
