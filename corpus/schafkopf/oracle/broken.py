"""The broken Schafkopf corpus: one record per Schafkopf error, made by
changing one thing in a valid record of corpus/schafkopf."""
import os,re
SRC=os.path.join(os.path.dirname(os.path.abspath(__file__)),'..')
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','..','broken','schafkopf')
os.makedirs(OUT,exist_ok=True)
def records(f):
    t=open(os.path.join(SRC,f)).read().split('\n\n')[1:]
    return [r.strip()+'\n' for r in t if r.strip()]
W=records('worked-example.ttn'); C=records('contracts-bavarian.ttn'); P=records('contracts-parlett.ttn')
K=records('kontra-re.ttn'); A=records('called-ace.ttn'); B=records('bidding.ttn'); N=records('netschafkopf.ttn'); S=records('session.ttn')
def sub(r,old,new,count=1):
    assert old in r,(old,r[:300])
    return r.replace(old,new,count)
def drop_comment(r):
    return re.sub(r'^\{[^}]*\}\n','',r)
def write(name,comment,r):
    open(os.path.join(OUT,name+'.ttn'),'w').write('% TTN 1\n\n{'+comment+'}\n'+drop_comment(r))
ex1=W[0]
# E301: a contract word in the first round
write('E301-contract-in-first-round','Eldest names a contract where the first round wants pass or play.',sub(ex1,'play pass pass pass call:S','call:S pass pass pass'))
# E301: me-too bidder calls an ace
b=B[0]
write('E301-me-too-calls-an-ace','South said play after East ("me too"): a solo bid, so South may not call an ace.',sub(sub(b,'solo:H wenz','solo:H call:D'),'[Contract "solo:H by E"]\n',''))
# E301: SK-V5 under parlett
write('E301-suit-solo-holding-parlett','Parlett (SK-V5): a Suit Soloist may hold no trumps but Wenzels; West holds spades.',sub(sub(sub(W[7].replace('[Rules "bavarian"]','[Rules "parlett"]'),'wenz by S','solo:S by S'),'play pass pass pass wenz','play pass pass pass solo:S'),'[Rules "parlett"]','[Rules "parlett"]'))
# E301: Sie without all Wenzels
write('E301-sie-without-the-wenzels','Sie is for the holder of all eight Wenzels.',sub(sub(C[4],'solo-tout:C','sie:C',2),'','' ))
# E302: round 2 missing
write('E302-no-contract-named','East said play and never names a contract.',sub(sub(C[0],'play pass pass pass call:C','play pass pass pass'),'[Contract "call:C by E"]\n',''))
# E303: a call after the end
write('E303-call-after-the-auction','A word after every bidder named a contract.',sub(ex1,'play pass pass pass call:S','play pass pass pass call:S wenz'))
# E304: contract mismatch
write('E304-contract-mismatch','[Contract] names another ace than the auction.',sub(ex1,'[Contract "call:S by S"]','[Contract "call:C by S"]'))
# E307: calling an ace one holds / no plain card of the suit
def hand_of(r, seat):
    deal=re.search(r'\[Deal "N:([^"]*)"\]',r).group(1).split()
    parts=deal['NESW'.index(seat)].split('.')
    return {s+x for s,p in zip('SHDC',parts) for x in p}
def declarer(r):
    return re.search(r'\[Contract "call:\w by (\w)"\]',r).group(1)
own=None; void=None
for r in W+C+P+K+A+S:
    if '[Contract "call:' not in r: continue
    d=declarer(r); h=hand_of(r,d)
    cur=re.search(r'call:(\w) by',r).group(1)
    for s in 'SDC':
        if s==cur: continue
        if own is None and s+'A' in h: own=(r,cur,s)
        if void is None and s+'A' not in h and not any(c[0]==s and c[1] not in 'QJA' for c in h): void=(r,cur,s)
r,cur,s=own
write('E307-calls-own-ace','The bidder calls an ace he holds himself.',r.replace('call:'+cur,'call:'+s))
r,cur,s=void
write('E307-no-card-of-the-suit','The bidder must hold a card of the called suit other than its queen, jack or ace.',r.replace('call:'+cur,'call:'+s))
write('E307-void-call-not-allowed','A void call (SK-V8) under a profile that does not allow it.',sub(ex1,'call:S','void-call:S',2))
# E308: Kontra by a declarer / too late / Re without Kontra / beyond the limit / in Ramsch
k0=K[0]
m=re.search(r'kontra:(\w) re:(\w)',k0); dfd,dcl=m.group(1),m.group(2)
write('E308-kontra-by-a-declarer','Kontra comes from a defender; the partner said it.',sub(k0,f'kontra:{dfd} re:{dcl}',f'kontra:{dcl}'))
write('E308-re-without-kontra','Re answers a Kontra.',sub(k0,f'kontra:{dfd} re:{dcl}',f're:{dcl}'))
lines=W[1].split('\n'); i=[j for j,l in enumerate(lines) if l.startswith('kontra:')][0]
first=lines[i].split(); lines[i]=' '.join([first[1],first[2],first[0]]+first[3:])
write('E308-kontra-after-the-lead','Bavarian (SK-V2): Kontra comes before the opening lead; here it follows the second card.','\n'.join(lines))
write('E308-third-doubling','The profile allows Kontra and Re only (house.max_doublings = 2).',sub(k0,f'kontra:{dfd} re:{dcl}',f'kontra:{dfd} re:{dcl} re:{dfd}'))
# the Re record after the lead (kontra-re's fourth), under a profile file where Re comes before the lead
kre=[r for r in K if 're:' in r and '[Rules "bavarian"]' in r and not re.search(r'kontra:\w re:', r)][0]
write('E308-re-after-the-lead','Under a profile file with house.re_deadline = before_first_card, Re comes before the opening lead; here it follows the second card (bavarian allows it until trick 1 is complete [D]).',sub(kre,'[Rules "bavarian"]','[Rules "profiles/re-before-lead.toml"]'))
write('E308-double-not-in-profile','Doubling on the first cards is a NetSchafkopf house rule; bavarian has none.',sub(ex1,'play pass pass pass call:S','double:W play pass pass pass call:S'))
# E309: exchange problems
x=[r for r in N if 'A Schieber round with play' in r][0]
ex_line=[l for l in x.split('\n') if re.fullmatch(r'(\w\w ?){8}',l)][0]
cards=ex_line.split(); bad=list(cards); bad[0],bad[2]=bad[2],bad[0]
write('E309-exchange-card-not-held','The dealer passes a card he does not hold.',sub(x,ex_line,' '.join(bad)))
write('E309-exchange-of-six','A Schieber exchange passes two cards per player.',sub(x,ex_line,' '.join(cards[:6])))
write('E309-exchange-not-in-profile','The bavarian profile has no Schieber rounds.',sub(x,'[Rules "netschafkopf"]','[Rules "bavarian"]'))
# E401: the called ace: must be played when its suit is led; lead rule; discard
# built from the run-away record: partner with only 3 clubs may not run away -> use the Parlett discard record under bavarian
d=A[1]
write('E401-called-ace-discarded','Bavarian (SK-V7): the called ace may not be discarded before its suit is led; the same play is legal under Parlett.',sub(d,'[Rules "parlett"]','[Rules "bavarian"]'))
r=A[0]
write('E401-run-away-needs-four','With house.run_away_minimum = 5 the holder may not lead a low club: he must lead the ace.',sub(r,'[Rules "bavarian"]','[Rules "profiles/run-away-five.toml"]'))
# E401: a Wenzel is not its face suit
# E402 wrong leader
write('E402-wrong-leader','Eldest (left of the dealer) leads trick 1.',sub(ex1,'[Play "S"]','[Play "W"]'))
# E601, E602, E604, E608, E609
write('E601-result-mismatch','The result gives the declarers the win of a lost game.',sub(W[4],'failed','made'))
s0=S[1]
write('E602-total-mismatch','The running balance is off by 10 for North.',S[0]+'\n'+re.sub(r'\[Total "N ([+-]?\d+)',lambda m:'[Total "N '+('+' if int(m.group(1))+10>0 else '')+str(int(m.group(1))+10),s0))
strip=lambda r: re.sub(r'\[Total "[^"]*"\]\n','',r)
write('E604-dealer-out-of-turn','The deal passes to the left: after South deals, West deals, not East.',strip(S[1])+'\n'+strip(S[0]))
write('E608-points-mismatch','The defenders\' card points are claimed as 45; they took 46.',sub(ex1,'[Points "declarers 74 defenders 46"]','[Points "declarers 74 defenders 45"]'))
write('E609-value-mismatch','Value 30 leaves out a runner.',sub(ex1,'[Value "40"]','[Value "30"]'))
write('E205-short-hand-long-pack','Six cards a hand is the short pack, and bavarian plays the long one.',[r for r in N if 'short pack' in r][0].replace('[Rules "netschafkopf-short"]','[Rules "bavarian"]'))
write('E211-unknown-play-word','`stuk` is no Schafkopf play word.',sub(ex1,'[Play "S"]\n','[Play "S"]\nstuk '))
write('E204-bad-contract','`call:H`: the ace of hearts cannot be called (hearts are trumps).',sub(sub(ex1,'[Contract "call:S by S"]','[Contract "call:H by S"]'),'[Auction "S"]\nplay pass pass pass call:S\n',''))
print('ok',len(os.listdir(OUT)))
# E401: a Wenzel is no card of its face suit; the called suit led: the ace must be played
def plays(r):
    lines=r.split('\n'); i=lines.index([l for l in lines if l.startswith('[Play')][0])
    out=[]
    for l in lines[i+1:]:
        if l.startswith('['): break
        out.append(l)
    return i+1,out
done_r1=done_r4a=False
for r in W+C+K:
    if '[Contract "call:' not in r or done_r1 and done_r4a: continue
    lead=re.search(r'\[Play "(\w)"\]',r).group(1)
    hands={s:hand_of(r,s) for s in 'NESW'}
    called=re.search(r'call:(\w) by',r).group(1)
    start,tl=plays(r)
    leader=lead
    T=lambda c: c[1] in 'QJ' or c[0]=='H'
    for k,l in enumerate(tl):
        cards=[c for c in l.split() if re.fullmatch(r'[SHDC][AKQJT987]',c)]
        if len(cards)<4: break
        led=cards[0]
        order=['NESW'[('NESW'.index(leader)+j)%4] for j in range(4)]
        for j in range(1,4):
            p=order[j]
            if not done_r1 and not T(led) and not T(cards[j]) and cards[j][0]==led[0]:
                wz=[c for c in hands[p] if c[0]==led[0] and c[1] in 'QJ']
                if wz:
                    bad=l.replace(cards[j],wz[0],1)
                    lines=r.split('\n'); lines[start+k]=bad
                    write('E401-wenzel-is-not-its-suit',f'{p} holds a plain {led[0]} and plays the trump {wz[0]} to the {led[0]} lead: a queen or jack is a trump, not a card of its face suit (SK-R1).','\n'.join(lines))
                    done_r1=True
            if not done_r4a and not T(led) and led[0]==called and cards[j]==called+'A':
                others=[c for c in hands[p] if c[0]==called and not T(c) and c!=called+'A']
                if others:
                    bad=l.replace(cards[j],others[0],1)
                    lines=r.split('\n'); lines[start+k]=bad
                    write('E401-called-ace-must-be-played',f'The called suit is led and its ace\'s holder ({p}) plays {others[0]} instead of the ace (rule 4a).','\n'.join(lines))
                    done_r4a=True
        for c in cards:
            for s in 'NESW': hands[s].discard(c)
        # winner
        def key(c):
            tr=['CQ','SQ','HQ','DQ','CJ','SJ','HJ','DJ','HA','HT','HK','H9','H8','H7']
            if c in tr: return 100-tr.index(c)
            if not T(led) and c[0]==led[0]: return 'AT K Q J 9 8 7'.replace(' ','').find(c[1])*-1+50
            return 0
        leader=order[max(range(4),key=lambda i:key(cards[i]))]
        if led[0]==called and not T(led): called='-'
print('r1',done_r1,'r4a',done_r4a)
ramsch=[r for r in N if '[Contract "ramsch"]' in r][0]
write('E308-kontra-in-ramsch','Nobody declared in a Ramsch: there is no Kontra.',ramsch.replace('[Play "S"]\n','[Play "S"]\nkontra:N '))
