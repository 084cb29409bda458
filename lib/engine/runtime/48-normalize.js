// String.prototype.normalize: canonical decomposition (NFD) and composition (NFC) for Latin,
// Greek and Cyrillic letters (a table derived from node's ICU) and Hangul syllables
// (algorithmic). NFKC and NFKD apply the canonical mappings only (no compatibility data).
// @lazy: String.prototype.normalize/0
(function (global) {
  'use strict';
  var rt = global.__oda_rt;
  // "code:decomposition" with codes in base 36; "base.mark:composite".
  var DECOMP = "5c:1t.lc 5d:1t.ld 5e:1t.le 5f:1t.lf 5g:1t.lk 5h:1t.lm 5j:1v.mf 5k:1x.lc 5l:1x.ld 5m:1x.le 5n:1x.lk " +
    "5o:21.lc 5p:21.ld 5q:21.le 5r:21.lk 5t:26.lf 5u:27.lc 5v:27.ld 5w:27.le 5x:27.lf 5y:27.lk 61:2d.lc " +
    "62:2d.ld 63:2d.le 64:2d.lk 65:2h.ld 68:2p.lc 69:2p.ld 6a:2p.le 6b:2p.lf 6c:2p.lk 6d:2p.lm 6f:2r.mf " +
    "6g:2t.lc 6h:2t.ld 6i:2t.le 6j:2t.lk 6k:2x.lc 6l:2x.ld 6m:2x.le 6n:2x.lk 6p:32.lf 6q:33.lc 6r:33.ld " +
    "6s:33.le 6t:33.lf 6u:33.lk 6x:39.lc 6y:39.ld 6z:39.le 70:39.lk 71:3d.ld 73:3d.lk 74:1t.lg 75:2p.lg " +
    "76:1t.li 77:2p.li 78:1t.mg 79:2p.mg 7a:1v.ld 7b:2r.ld 7c:1v.le 7d:2r.le 7e:1v.lj 7f:2r.lj 7g:1v.lo " +
    "7h:2r.lo 7i:1w.lo 7j:2s.lo 7m:1x.lg 7n:2t.lg 7o:1x.li 7p:2t.li 7q:1x.lj 7r:2t.lj 7s:1x.mg 7t:2t.mg " +
    "7u:1x.lo 7v:2t.lo 7w:1z.le 7x:2v.le 7y:1z.li 7z:2v.li 80:1z.lj 81:2v.lj 82:1z.mf 83:2v.mf 84:20.le " +
    "85:2w.le 88:21.lf 89:2x.lf 8a:21.lg 8b:2x.lg 8c:21.li 8d:2x.li 8e:21.mg 8f:2x.mg 8g:21.lj 8k:22.le " +
    "8l:2y.le 8m:23.mf 8n:2z.mf 8p:24.ld 8q:30.ld 8r:24.mf 8s:30.mf 8t:24.lo 8u:30.lo 8z:26.ld 90:32.ld " +
    "91:26.mf 92:32.mf 93:26.lo 94:32.lo 98:27.lg 99:33.lg 9a:27.li 9b:33.li 9c:27.ln 9d:33.ln 9g:2a.ld " +
    "9h:36.ld 9i:2a.mf 9j:36.mf 9k:2a.lo 9l:36.lo 9m:2b.ld 9n:37.ld 9o:2b.le 9p:37.le 9q:2b.mf 9r:37.mf " +
    "9s:2b.lo 9t:37.lo 9u:2c.mf 9v:38.mf 9w:2c.lo 9x:38.lo a0:2d.lf a1:39.lf a2:2d.lg a3:39.lg a4:2d.li " +
    "a5:39.li a6:2d.lm a7:39.lm a8:2d.ln a9:39.ln aa:2d.mg ab:39.mg ac:2f.le ad:3b.le ae:2h.le af:3d.le " +
    "ag:2h.lk ah:2i.ld ai:3e.ld aj:2i.lj ak:3e.lj al:2i.lo am:3e.lo bk:27.m3 bl:33.m3 bz:2d.m3 c0:39.m3 " +
    "ct:1t.lo cu:2p.lo cv:21.lo cw:2x.lo cx:27.lo cy:33.lo cz:2d.lo d0:39.lo d1:2d.lk.lg d2:39.lk.lg " +
    "d3:2d.lk.ld d4:39.lk.ld d5:2d.lk.lo d6:39.lk.lo d7:2d.lk.lc d8:39.lk.lc da:1t.lk.lg db:2p.lk.lg " +
    "dc:1t.lj.lg dd:2p.lj.lg de:5i.lg df:6e.lg di:1z.lo dj:2v.lo dk:23.lo dl:2z.lo dm:27.mg dn:33.mg " +
    "do:27.mg.lg dp:33.mg.lg dq:c7.lo dr:ia.lo ds:2y.lo dw:1z.ld dx:2v.ld e0:26.lc e1:32.lc e2:1t.lm.ld " +
    "e3:2p.lm.ld e4:5i.ld e5:6e.ld e6:60.ld e7:6w.ld e8:1t.lr e9:2p.lr ea:1t.lt eb:2p.lt ec:1x.lr " +
    "ed:2t.lr ee:1x.lt ef:2t.lt eg:21.lr eh:2x.lr ei:21.lt ej:2x.lt ek:27.lr el:33.lr em:27.lt en:33.lt " +
    "eo:2a.lr ep:36.lr eq:2a.lt er:36.lt es:2d.lr et:39.lr eu:2d.lt ev:39.lt ew:2b.me ex:37.me ey:2c.me " +
    "ez:38.me f2:20.lo f3:2w.lo fa:1t.lj fb:2p.lj fc:1x.mf fd:2t.mf fe:27.lk.lg ff:33.lk.lg fg:27.lf.lg " +
    "fh:33.lf.lg fi:27.lj fj:33.lj fk:27.lj.lg fl:33.lj.lg fm:2h.lg fn:3d.lg n4:lc n5:ld n7:lv n8:lk.ld " +
    "5xc:1t.md 5xd:2p.md 5xe:1u.lj 5xf:2q.lj 5xg:1u.mb 5xh:2q.mb 5xi:1u.mp 5xj:2q.mp 5xk:1v.mf.ld " +
    "5xl:2r.mf.ld 5xm:1w.lj 5xn:2s.lj 5xo:1w.mb 5xp:2s.mb 5xq:1w.mp 5xr:2s.mp 5xs:1w.mf 5xt:2s.mf " +
    "5xu:1w.ml 5xv:2s.ml 5xw:1x.lg.lc 5xx:2t.lg.lc 5xy:1x.lg.ld 5xz:2t.lg.ld 5y0:1x.ml 5y1:2t.ml " +
    "5y2:1x.mo 5y3:2t.mo 5y4:1x.mf.li 5y5:2t.mf.li 5y6:1y.lj 5y7:2u.lj 5y8:1z.lg 5y9:2v.lg 5ya:20.lj " +
    "5yb:2w.lj 5yc:20.mb 5yd:2w.mb 5ye:20.lk 5yf:2w.lk 5yg:20.mf 5yh:2w.mf 5yi:20.mm 5yj:2w.mm 5yk:21.mo " +
    "5yl:2x.mo 5ym:21.lk.ld 5yn:2x.lk.ld 5yo:23.ld 5yp:2z.ld 5yq:23.mb 5yr:2z.mb 5ys:23.mp 5yt:2z.mp " +
    "5yu:24.mb 5yv:30.mb 5yw:24.mb.lg 5yx:30.mb.lg 5yy:24.mp 5yz:30.mp 5z0:24.ml 5z1:30.ml 5z2:25.ld " +
    "5z3:31.ld 5z4:25.lj 5z5:31.lj 5z6:25.mb 5z7:31.mb 5z8:26.lj 5z9:32.lj 5za:26.mb 5zb:32.mb 5zc:26.mp " +
    "5zd:32.mp 5ze:26.ml 5zf:32.ml 5zg:27.lf.ld 5zh:33.lf.ld 5zi:27.lf.lk 5zj:33.lf.lk 5zk:27.lg.lc " +
    "5zl:33.lg.lc 5zm:27.lg.ld 5zn:33.lg.ld 5zo:28.ld 5zp:34.ld 5zq:28.lj 5zr:34.lj 5zs:2a.lj 5zt:36.lj " +
    "5zu:2a.mb 5zv:36.mb 5zw:2a.mb.lg 5zx:36.mb.lg 5zy:2a.mp 5zz:36.mp 600:2b.lj 601:37.lj 602:2b.mb " +
    "603:37.mb 604:2b.ld.lj 605:37.ld.lj 606:2b.lo.lj 607:37.lo.lj 608:2b.mb.lj 609:37.mb.lj 60a:2c.lj " +
    "60b:38.lj 60c:2c.mb 60d:38.mb 60e:2c.mp 60f:38.mp 60g:2c.ml 60h:38.ml 60i:2d.mc 60j:39.mc 60k:2d.mo " +
    "60l:39.mo 60m:2d.ml 60n:39.ml 60o:2d.lf.ld 60p:39.lf.ld 60q:2d.lg.lk 60r:39.lg.lk 60s:2e.lf " +
    "60t:3a.lf 60u:2e.mb 60v:3a.mb 60w:2f.lc 60x:3b.lc 60y:2f.ld 60z:3b.ld 610:2f.lk 611:3b.lk 612:2f.lj " +
    "613:3b.lj 614:2f.mb 615:3b.mb 616:2g.lj 617:3c.lj 618:2g.lk 619:3c.lk 61a:2h.lj 61b:3d.lj 61c:2i.le " +
    "61d:3e.le 61e:2i.mb 61f:3e.mb 61g:2i.mp 61h:3e.mp 61i:2w.mp 61j:38.lk 61k:3b.lm 61l:3d.lm 61n:an.lj " +
    "61s:1t.mb 61t:2p.mb 61u:1t.ll 61v:2p.ll 61w:1t.le.ld 61x:2p.le.ld 61y:1t.le.lc 61z:2p.le.lc " +
    "620:1t.le.ll 621:2p.le.ll 622:1t.le.lf 623:2p.le.lf 624:1t.mb.le 625:2p.mb.le 626:1t.li.ld " +
    "627:2p.li.ld 628:1t.li.lc 629:2p.li.lc 62a:1t.li.ll 62b:2p.li.ll 62c:1t.li.lf 62d:2p.li.lf " +
    "62e:1t.mb.li 62f:2p.mb.li 62g:1x.mb 62h:2t.mb 62i:1x.ll 62j:2t.ll 62k:1x.lf 62l:2t.lf 62m:1x.le.ld " +
    "62n:2t.le.ld 62o:1x.le.lc 62p:2t.le.lc 62q:1x.le.ll 62r:2t.le.ll 62s:1x.le.lf 62t:2t.le.lf " +
    "62u:1x.mb.le 62v:2t.mb.le 62w:21.ll 62x:2x.ll 62y:21.mb 62z:2x.mb 630:27.mb 631:33.mb 632:27.ll " +
    "633:33.ll 634:27.le.ld 635:33.le.ld 636:27.le.lc 637:33.le.lc 638:27.le.ll 639:33.le.ll " +
    "63a:27.le.lf 63b:33.le.lf 63c:27.mb.le 63d:33.mb.le 63e:27.m3.ld 63f:33.m3.ld 63g:27.m3.lc " +
    "63h:33.m3.lc 63i:27.m3.ll 63j:33.m3.ll 63k:27.m3.lf 63l:33.m3.lf 63m:27.m3.mb 63n:33.m3.mb " +
    "63o:2d.mb 63p:39.mb 63q:2d.ll 63r:39.ll 63s:2d.m3.ld 63t:39.m3.ld 63u:2d.m3.lc 63v:39.m3.lc " +
    "63w:2d.m3.ll 63x:39.m3.ll 63y:2d.m3.lf 63z:39.m3.lf 640:2d.m3.mb 641:39.m3.mb 642:2h.lc 643:3d.lc " +
    "644:2h.mb 645:3d.mb 646:2h.ll 647:3d.ll 648:2h.lf 649:3d.lf ok:jd ou:1n p1:4o.ld p2:pd.ld p3:53 " +
    "p4:ph.ld p5:pj.ld p6:pl.ld p8:pr.ld pa:px.ld pb:q1.ld pc:qh.lk.ld q2:pl.lk q3:px.lk q4:q9.ld " +
    "q5:qd.ld q6:qf.ld q7:qh.ld q8:qt.lk.ld qy:qh.lk qz:qt.lk r0:qn.ld r1:qt.ld r2:qx.ld r7:r6.ld " +
    "r8:r6.lk sg:t1.lc sh:t1.lk sj:sz.ld sn:sm.lk ss:t6.ld st:t4.lc su:tf.li t5:t4.li u1:u0.li uo:tx.lc " +
    "up:tx.lk ur:tv.ld uv:uu.lk v0:u2.ld v1:u0.lc v2:ub.li vq:vo.lr vr:vp.lr xt:t2.li xu:ty.li y8:sw.li " +
    "y9:ts.li ya:sw.lk yb:ts.lk ye:t1.li yf:tx.li yi:yg.lk yj:yh.lk yk:t2.lk yl:ty.lk ym:t3.lk yn:tz.lk " +
    "yq:t4.lg yr:u0.lg ys:t4.lk yt:u0.lk yu:ta.lk yv:u6.lk yy:yw.lk yz:yx.lk z0:tp.lk z1:ul.lk z2:tf.lg " +
    "z3:ub.lg z4:tf.lk z5:ub.lk z6:tf.ln z7:ub.ln z8:tj.lk z9:uf.lk zc:tn.lk zd:uj.lk 64g:q9.lv " +
    "64h:q9.lw 64i:q9.lv.lc 64j:q9.lw.lc 64k:q9.lv.ld 64l:q9.lw.ld 64m:q9.lv.n6 64n:q9.lw.n6 64o:pd.lv " +
    "64p:pd.lw 64q:pd.lv.lc 64r:pd.lw.lc 64s:pd.lv.ld 64t:pd.lw.ld 64u:pd.lv.n6 64v:pd.lw.n6 64w:qd.lv " +
    "64x:qd.lw 64y:qd.lv.lc 64z:qd.lw.lc 650:qd.lv.ld 651:qd.lw.ld 654:ph.lv 655:ph.lw 656:ph.lv.lc " +
    "657:ph.lw.lc 658:ph.lv.ld 659:ph.lw.ld 65c:qf.lv 65d:qf.lw 65e:qf.lv.lc 65f:qf.lw.lc 65g:qf.lv.ld " +
    "65h:qf.lw.ld 65i:qf.lv.n6 65j:qf.lw.n6 65k:pj.lv 65l:pj.lw 65m:pj.lv.lc 65n:pj.lw.lc 65o:pj.lv.ld " +
    "65p:pj.lw.ld 65q:pj.lv.n6 65r:pj.lw.n6 65s:qh.lv 65t:qh.lw 65u:qh.lv.lc 65v:qh.lw.lc 65w:qh.lv.ld " +
    "65x:qh.lw.ld 65y:qh.lv.n6 65z:qh.lw.n6 660:pl.lv 661:pl.lw 662:pl.lv.lc 663:pl.lw.lc 664:pl.lv.ld " +
    "665:pl.lw.ld 666:pl.lv.n6 667:pl.lw.n6 668:qn.lv 669:qn.lw 66a:qn.lv.lc 66b:qn.lw.lc 66c:qn.lv.ld " +
    "66d:qn.lw.ld 66g:pr.lv 66h:pr.lw 66i:pr.lv.lc 66j:pr.lw.lc 66k:pr.lv.ld 66l:pr.lw.ld 66o:qt.lv " +
    "66p:qt.lw 66q:qt.lv.lc 66r:qt.lw.lc 66s:qt.lv.ld 66t:qt.lw.ld 66u:qt.lv.n6 66v:qt.lw.n6 66x:px.lw " +
    "66z:px.lw.lc 671:px.lw.ld 673:px.lw.n6 674:qx.lv 675:qx.lw 676:qx.lv.lc 677:qx.lw.lc 678:qx.lv.ld " +
    "679:qx.lw.ld 67a:qx.lv.n6 67b:qx.lw.n6 67c:q1.lv 67d:q1.lw 67e:q1.lv.lc 67f:q1.lw.lc 67g:q1.lv.ld " +
    "67h:q1.lw.ld 67i:q1.lv.n6 67j:q1.lw.n6 67k:q9.lc 67l:q9.ld 67m:qd.lc 67n:qd.ld 67o:qf.lc 67p:qf.ld " +
    "67q:qh.lc 67r:qh.ld 67s:qn.lc 67t:qn.ld 67u:qt.lc 67v:qt.ld 67w:qx.lc 67x:qx.ld 680:q9.lv.n9 " +
    "681:q9.lw.n9 682:q9.lv.lc.n9 683:q9.lw.lc.n9 684:q9.lv.ld.n9 685:q9.lw.ld.n9 686:q9.lv.n6.n9 " +
    "687:q9.lw.n6.n9 688:pd.lv.n9 689:pd.lw.n9 68a:pd.lv.lc.n9 68b:pd.lw.lc.n9 68c:pd.lv.ld.n9 " +
    "68d:pd.lw.ld.n9 68e:pd.lv.n6.n9 68f:pd.lw.n6.n9 68g:qf.lv.n9 68h:qf.lw.n9 68i:qf.lv.lc.n9 " +
    "68j:qf.lw.lc.n9 68k:qf.lv.ld.n9 68l:qf.lw.ld.n9 68m:qf.lv.n6.n9 68n:qf.lw.n6.n9 68o:pj.lv.n9 " +
    "68p:pj.lw.n9 68q:pj.lv.lc.n9 68r:pj.lw.lc.n9 68s:pj.lv.ld.n9 68t:pj.lw.ld.n9 68u:pj.lv.n6.n9 " +
    "68v:pj.lw.n6.n9 68w:qx.lv.n9 68x:qx.lw.n9 68y:qx.lv.lc.n9 68z:qx.lw.lc.n9 690:qx.lv.ld.n9 " +
    "691:qx.lw.ld.n9 692:qx.lv.n6.n9 693:qx.lw.n6.n9 694:q1.lv.n9 695:q1.lw.n9 696:q1.lv.lc.n9 " +
    "697:q1.lw.lc.n9 698:q1.lv.ld.n9 699:q1.lw.ld.n9 69a:q1.lv.n6.n9 69b:q1.lw.n6.n9 69c:q9.li 69d:q9.lg " +
    "69e:q9.lc.n9 69f:q9.n9 69g:q9.ld.n9 69i:q9.n6 69j:q9.n6.n9 69k:pd.li 69l:pd.lg 69m:pd.lc 69n:pd.ld " +
    "69o:pd.n9 69q:qh 69t:4o.n6 69u:qf.lc.n9 69v:qf.n9 69w:qf.ld.n9 69y:qf.n6 69z:qf.n6.n9 6a0:ph.lc " +
    "6a1:ph.ld 6a2:pj.lc 6a3:pj.ld 6a4:pj.n9 6a5:69r.lc 6a6:69r.ld 6a7:69r.n6 6a8:qh.li 6a9:qh.lg " +
    "6aa:qh.lk.lc 6ab:qh.lk.ld 6ae:qh.n6 6af:qh.lk.n6 6ag:pl.li 6ah:pl.lg 6ai:pl.lc 6aj:pl.ld 6al:6bi.lc " +
    "6am:6bi.ld 6an:6bi.n6 6ao:qt.li 6ap:qt.lg 6aq:qt.lk.lc 6ar:qt.lk.ld 6as:qp.lv 6at:qp.lw 6au:qt.n6 " +
    "6av:qt.lk.n6 6aw:px.li 6ax:px.lg 6ay:px.lc 6az:px.ld 6b0:pt.lw 6b1:4o.lc 6b2:4o.ld 6b3:2o " +
    "6b6:qx.lc.n9 6b7:qx.n9 6b8:qx.ld.n9 6ba:qx.n6 6bb:qx.n6.n9 6bc:pr.lc 6bd:pr.ld 6be:q1.lc 6bf:q1.ld " +
    "6bg:q1.n9 6bh:50 6bk:6bm ";
  var PAIRS = "1t.lc:5c 1t.ld:5d 1t.le:5e 1t.lf:5f 1t.lk:5g 1t.lm:5h 1v.mf:5j 1x.lc:5k 1x.ld:5l 1x.le:5m 1x.lk:5n " +
    "21.lc:5o 21.ld:5p 21.le:5q 21.lk:5r 26.lf:5t 27.lc:5u 27.ld:5v 27.le:5w 27.lf:5x 27.lk:5y 2d.lc:61 " +
    "2d.ld:62 2d.le:63 2d.lk:64 2h.ld:65 2p.lc:68 2p.ld:69 2p.le:6a 2p.lf:6b 2p.lk:6c 2p.lm:6d 2r.mf:6f " +
    "2t.lc:6g 2t.ld:6h 2t.le:6i 2t.lk:6j 2x.lc:6k 2x.ld:6l 2x.le:6m 2x.lk:6n 32.lf:6p 33.lc:6q 33.ld:6r " +
    "33.le:6s 33.lf:6t 33.lk:6u 39.lc:6x 39.ld:6y 39.le:6z 39.lk:70 3d.ld:71 3d.lk:73 1t.lg:74 2p.lg:75 " +
    "1t.li:76 2p.li:77 1t.mg:78 2p.mg:79 1v.ld:7a 2r.ld:7b 1v.le:7c 2r.le:7d 1v.lj:7e 2r.lj:7f 1v.lo:7g " +
    "2r.lo:7h 1w.lo:7i 2s.lo:7j 1x.lg:7m 2t.lg:7n 1x.li:7o 2t.li:7p 1x.lj:7q 2t.lj:7r 1x.mg:7s 2t.mg:7t " +
    "1x.lo:7u 2t.lo:7v 1z.le:7w 2v.le:7x 1z.li:7y 2v.li:7z 1z.lj:80 2v.lj:81 1z.mf:82 2v.mf:83 20.le:84 " +
    "2w.le:85 21.lf:88 2x.lf:89 21.lg:8a 2x.lg:8b 21.li:8c 2x.li:8d 21.mg:8e 2x.mg:8f 21.lj:8g 22.le:8k " +
    "2y.le:8l 23.mf:8m 2z.mf:8n 24.ld:8p 30.ld:8q 24.mf:8r 30.mf:8s 24.lo:8t 30.lo:8u 26.ld:8z 32.ld:90 " +
    "26.mf:91 32.mf:92 26.lo:93 32.lo:94 27.lg:98 33.lg:99 27.li:9a 33.li:9b 27.ln:9c 33.ln:9d 2a.ld:9g " +
    "36.ld:9h 2a.mf:9i 36.mf:9j 2a.lo:9k 36.lo:9l 2b.ld:9m 37.ld:9n 2b.le:9o 37.le:9p 2b.mf:9q 37.mf:9r " +
    "2b.lo:9s 37.lo:9t 2c.mf:9u 38.mf:9v 2c.lo:9w 38.lo:9x 2d.lf:a0 39.lf:a1 2d.lg:a2 39.lg:a3 2d.li:a4 " +
    "39.li:a5 2d.lm:a6 39.lm:a7 2d.ln:a8 39.ln:a9 2d.mg:aa 39.mg:ab 2f.le:ac 3b.le:ad 2h.le:ae 3d.le:af " +
    "2h.lk:ag 2i.ld:ah 3e.ld:ai 2i.lj:aj 3e.lj:ak 2i.lo:al 3e.lo:am 27.m3:bk 33.m3:bl 2d.m3:bz 39.m3:c0 " +
    "1t.lo:ct 2p.lo:cu 21.lo:cv 2x.lo:cw 27.lo:cx 33.lo:cy 2d.lo:cz 39.lo:d0 64.lg:d1 70.lg:d2 64.ld:d3 " +
    "70.ld:d4 64.lo:d5 70.lo:d6 64.lc:d7 70.lc:d8 5g.lg:da 6c.lg:db fa.lg:dc fb.lg:dd 5i.lg:de 6e.lg:df " +
    "1z.lo:di 2v.lo:dj 23.lo:dk 2z.lo:dl 27.mg:dm 33.mg:dn dm.lg:do dn.lg:dp c7.lo:dq ia.lo:dr 2y.lo:ds " +
    "1z.ld:dw 2v.ld:dx 26.lc:e0 32.lc:e1 5h.ld:e2 6d.ld:e3 5i.ld:e4 6e.ld:e5 60.ld:e6 6w.ld:e7 1t.lr:e8 " +
    "2p.lr:e9 1t.lt:ea 2p.lt:eb 1x.lr:ec 2t.lr:ed 1x.lt:ee 2t.lt:ef 21.lr:eg 2x.lr:eh 21.lt:ei 2x.lt:ej " +
    "27.lr:ek 33.lr:el 27.lt:em 33.lt:en 2a.lr:eo 36.lr:ep 2a.lt:eq 36.lt:er 2d.lr:es 39.lr:et 2d.lt:eu " +
    "39.lt:ev 2b.me:ew 37.me:ex 2c.me:ey 38.me:ez 20.lo:f2 2w.lo:f3 1t.lj:fa 2p.lj:fb 1x.mf:fc 2t.mf:fd " +
    "5y.lg:fe 6u.lg:ff 5x.lg:fg 6t.lg:fh 27.lj:fi 33.lj:fj fi.lg:fk fj.lg:fl 2h.lg:fm 3d.lg:fn 1t.md:5xc " +
    "2p.md:5xd 1u.lj:5xe 2q.lj:5xf 1u.mb:5xg 2q.mb:5xh 1u.mp:5xi 2q.mp:5xj 5j.ld:5xk 6f.ld:5xl 1w.lj:5xm " +
    "2s.lj:5xn 1w.mb:5xo 2s.mb:5xp 1w.mp:5xq 2s.mp:5xr 1w.mf:5xs 2s.mf:5xt 1w.ml:5xu 2s.ml:5xv 7m.lc:5xw " +
    "7n.lc:5xx 7m.ld:5xy 7n.ld:5xz 1x.ml:5y0 2t.ml:5y1 1x.mo:5y2 2t.mo:5y3 fc.li:5y4 fd.li:5y5 1y.lj:5y6 " +
    "2u.lj:5y7 1z.lg:5y8 2v.lg:5y9 20.lj:5ya 2w.lj:5yb 20.mb:5yc 2w.mb:5yd 20.lk:5ye 2w.lk:5yf 20.mf:5yg " +
    "2w.mf:5yh 20.mm:5yi 2w.mm:5yj 21.mo:5yk 2x.mo:5yl 5r.ld:5ym 6n.ld:5yn 23.ld:5yo 2z.ld:5yp 23.mb:5yq " +
    "2z.mb:5yr 23.mp:5ys 2z.mp:5yt 24.mb:5yu 30.mb:5yv 5yu.lg:5yw 5yv.lg:5yx 24.mp:5yy 30.mp:5yz " +
    "24.ml:5z0 30.ml:5z1 25.ld:5z2 31.ld:5z3 25.lj:5z4 31.lj:5z5 25.mb:5z6 31.mb:5z7 26.lj:5z8 32.lj:5z9 " +
    "26.mb:5za 32.mb:5zb 26.mp:5zc 32.mp:5zd 26.ml:5ze 32.ml:5zf 5x.ld:5zg 6t.ld:5zh 5x.lk:5zi 6t.lk:5zj " +
    "98.lc:5zk 99.lc:5zl 98.ld:5zm 99.ld:5zn 28.ld:5zo 34.ld:5zp 28.lj:5zq 34.lj:5zr 2a.lj:5zs 36.lj:5zt " +
    "2a.mb:5zu 36.mb:5zv 5zu.lg:5zw 5zv.lg:5zx 2a.mp:5zy 36.mp:5zz 2b.lj:600 37.lj:601 2b.mb:602 " +
    "37.mb:603 9m.lj:604 9n.lj:605 9s.lj:606 9t.lj:607 602.lj:608 603.lj:609 2c.lj:60a 38.lj:60b " +
    "2c.mb:60c 38.mb:60d 2c.mp:60e 38.mp:60f 2c.ml:60g 38.ml:60h 2d.mc:60i 39.mc:60j 2d.mo:60k 39.mo:60l " +
    "2d.ml:60m 39.ml:60n a0.ld:60o a1.ld:60p a2.lk:60q a3.lk:60r 2e.lf:60s 3a.lf:60t 2e.mb:60u 3a.mb:60v " +
    "2f.lc:60w 3b.lc:60x 2f.ld:60y 3b.ld:60z 2f.lk:610 3b.lk:611 2f.lj:612 3b.lj:613 2f.mb:614 3b.mb:615 " +
    "2g.lj:616 3c.lj:617 2g.lk:618 3c.lk:619 2h.lj:61a 3d.lj:61b 2i.le:61c 3e.le:61d 2i.mb:61e 3e.mb:61f " +
    "2i.mp:61g 3e.mp:61h 2w.mp:61i 38.lk:61j 3b.lm:61k 3d.lm:61l an.lj:61n 1t.mb:61s 2p.mb:61t 1t.ll:61u " +
    "2p.ll:61v 5e.ld:61w 6a.ld:61x 5e.lc:61y 6a.lc:61z 5e.ll:620 6a.ll:621 5e.lf:622 6a.lf:623 " +
    "61s.le:624 61t.le:625 76.ld:626 77.ld:627 76.lc:628 77.lc:629 76.ll:62a 77.ll:62b 76.lf:62c " +
    "77.lf:62d 61s.li:62e 61t.li:62f 1x.mb:62g 2t.mb:62h 1x.ll:62i 2t.ll:62j 1x.lf:62k 2t.lf:62l " +
    "5m.ld:62m 6i.ld:62n 5m.lc:62o 6i.lc:62p 5m.ll:62q 6i.ll:62r 5m.lf:62s 6i.lf:62t 62g.le:62u " +
    "62h.le:62v 21.ll:62w 2x.ll:62x 21.mb:62y 2x.mb:62z 27.mb:630 33.mb:631 27.ll:632 33.ll:633 " +
    "5w.ld:634 6s.ld:635 5w.lc:636 6s.lc:637 5w.ll:638 6s.ll:639 5w.lf:63a 6s.lf:63b 630.le:63c " +
    "631.le:63d bk.ld:63e bl.ld:63f bk.lc:63g bl.lc:63h bk.ll:63i bl.ll:63j bk.lf:63k bl.lf:63l " +
    "bk.mb:63m bl.mb:63n 2d.mb:63o 39.mb:63p 2d.ll:63q 39.ll:63r bz.ld:63s c0.ld:63t bz.lc:63u c0.lc:63v " +
    "bz.ll:63w c0.ll:63x bz.lf:63y c0.lf:63z bz.mb:640 c0.mb:641 2h.lc:642 3d.lc:643 2h.mb:644 3d.mb:645 " +
    "2h.ll:646 3d.ll:647 2h.lf:648 3d.lf:649 4o.ld:p1 pd.ld:p2 ph.ld:p4 pj.ld:p5 pl.ld:p6 pr.ld:p8 " +
    "px.ld:pa q1.ld:pb qy.ld:pc pl.lk:q2 px.lk:q3 q9.ld:q4 qd.ld:q5 qf.ld:q6 qh.ld:q7 qz.ld:q8 qh.lk:qy " +
    "qt.lk:qz qn.ld:r0 qt.ld:r1 qx.ld:r2 r6.ld:r7 r6.lk:r8 t1.lc:sg t1.lk:sh sz.ld:sj sm.lk:sn t6.ld:ss " +
    "t4.lc:st tf.li:su t4.li:t5 u0.li:u1 tx.lc:uo tx.lk:up tv.ld:ur uu.lk:uv u2.ld:v0 u0.lc:v1 ub.li:v2 " +
    "vo.lr:vq vp.lr:vr t2.li:xt ty.li:xu sw.li:y8 ts.li:y9 sw.lk:ya ts.lk:yb t1.li:ye tx.li:yf yg.lk:yi " +
    "yh.lk:yj t2.lk:yk ty.lk:yl t3.lk:ym tz.lk:yn t4.lg:yq u0.lg:yr t4.lk:ys u0.lk:yt ta.lk:yu u6.lk:yv " +
    "yw.lk:yy yx.lk:yz tp.lk:z0 ul.lk:z1 tf.lg:z2 ub.lg:z3 tf.lk:z4 ub.lk:z5 tf.ln:z6 ub.ln:z7 tj.lk:z8 " +
    "uf.lk:z9 tn.lk:zc uj.lk:zd q9.lv:64g q9.lw:64h 64g.lc:64i 64h.lc:64j 64g.ld:64k 64h.ld:64l " +
    "64g.n6:64m 64h.n6:64n pd.lv:64o pd.lw:64p 64o.lc:64q 64p.lc:64r 64o.ld:64s 64p.ld:64t 64o.n6:64u " +
    "64p.n6:64v qd.lv:64w qd.lw:64x 64w.lc:64y 64x.lc:64z 64w.ld:650 64x.ld:651 ph.lv:654 ph.lw:655 " +
    "654.lc:656 655.lc:657 654.ld:658 655.ld:659 qf.lv:65c qf.lw:65d 65c.lc:65e 65d.lc:65f 65c.ld:65g " +
    "65d.ld:65h 65c.n6:65i 65d.n6:65j pj.lv:65k pj.lw:65l 65k.lc:65m 65l.lc:65n 65k.ld:65o 65l.ld:65p " +
    "65k.n6:65q 65l.n6:65r qh.lv:65s qh.lw:65t 65s.lc:65u 65t.lc:65v 65s.ld:65w 65t.ld:65x 65s.n6:65y " +
    "65t.n6:65z pl.lv:660 pl.lw:661 660.lc:662 661.lc:663 660.ld:664 661.ld:665 660.n6:666 661.n6:667 " +
    "qn.lv:668 qn.lw:669 668.lc:66a 669.lc:66b 668.ld:66c 669.ld:66d pr.lv:66g pr.lw:66h 66g.lc:66i " +
    "66h.lc:66j 66g.ld:66k 66h.ld:66l qt.lv:66o qt.lw:66p 66o.lc:66q 66p.lc:66r 66o.ld:66s 66p.ld:66t " +
    "66o.n6:66u 66p.n6:66v px.lw:66x 66x.lc:66z 66x.ld:671 66x.n6:673 qx.lv:674 qx.lw:675 674.lc:676 " +
    "675.lc:677 674.ld:678 675.ld:679 674.n6:67a 675.n6:67b q1.lv:67c q1.lw:67d 67c.lc:67e 67d.lc:67f " +
    "67c.ld:67g 67d.ld:67h 67c.n6:67i 67d.n6:67j q9.lc:67k qd.lc:67m qf.lc:67o qh.lc:67q qn.lc:67s " +
    "qt.lc:67u qx.lc:67w 64g.n9:680 64h.n9:681 64i.n9:682 64j.n9:683 64k.n9:684 64l.n9:685 64m.n9:686 " +
    "64n.n9:687 64o.n9:688 64p.n9:689 64q.n9:68a 64r.n9:68b 64s.n9:68c 64t.n9:68d 64u.n9:68e 64v.n9:68f " +
    "65c.n9:68g 65d.n9:68h 65e.n9:68i 65f.n9:68j 65g.n9:68k 65h.n9:68l 65i.n9:68m 65j.n9:68n 65k.n9:68o " +
    "65l.n9:68p 65m.n9:68q 65n.n9:68r 65o.n9:68s 65p.n9:68t 65q.n9:68u 65r.n9:68v 674.n9:68w 675.n9:68x " +
    "676.n9:68y 677.n9:68z 678.n9:690 679.n9:691 67a.n9:692 67b.n9:693 67c.n9:694 67d.n9:695 67e.n9:696 " +
    "67f.n9:697 67g.n9:698 67h.n9:699 67i.n9:69a 67j.n9:69b q9.li:69c q9.lg:69d 67k.n9:69e q9.n9:69f " +
    "q4.n9:69g q9.n6:69i 69i.n9:69j pd.li:69k pd.lg:69l pd.lc:69m pd.n9:69o 4o.n6:69t 67o.n9:69u " +
    "qf.n9:69v q6.n9:69w qf.n6:69y 69y.n9:69z ph.lc:6a0 pj.lc:6a2 pj.n9:6a4 69r.lc:6a5 69r.ld:6a6 " +
    "69r.n6:6a7 qh.li:6a8 qh.lg:6a9 qy.lc:6aa qh.n6:6ae qy.n6:6af pl.li:6ag pl.lg:6ah pl.lc:6ai " +
    "6bi.lc:6al 6bi.ld:6am 6bi.n6:6an qt.li:6ao qt.lg:6ap qz.lc:6aq qp.lv:6as qp.lw:6at qt.n6:6au " +
    "qz.n6:6av px.li:6aw px.lg:6ax px.lc:6ay pt.lw:6b0 4o.lc:6b1 67w.n9:6b6 qx.n9:6b7 r2.n9:6b8 " +
    "qx.n6:6ba 6ba.n9:6bb pr.lc:6bc q1.lc:6be q1.n9:6bg ";
  var DEC = null, COMP = null;
  function init() {
    DEC = Object.create(null); COMP = Object.create(null);
    DECOMP.split(' ').forEach(function (e) {
      if (!e) return;
      var kv = e.split(':');
      DEC[parseInt(kv[0], 36)] = kv[1].split('.').map(function (x) { return parseInt(x, 36); });
    });
    PAIRS.split(' ').forEach(function (e) {
      if (!e) return;
      var kv = e.split(':'), ab = kv[0].split('.');
      COMP[parseInt(ab[0], 36) * 65536 + parseInt(ab[1], 36)] = parseInt(kv[1], 36);
    });
  }
  // Canonical combining classes of the combining diacritical marks (U+0300-U+036F).
  function ccc(c) {
    if (c < 0x300 || c > 0x36F) return c === 0x345 ? 240 : 0;
    if (c === 0x345) return 240;
    if (c === 0x31B) return 216;
    if (c === 0x321 || c === 0x322 || c === 0x327 || c === 0x328) return 202;
    if (c === 0x315 || c === 0x31A || c === 0x358) return 232;
    if (c >= 0x334 && c <= 0x338) return 1;
    if (c >= 0x35C && c <= 0x362) return c === 0x35D || c === 0x35E || c === 0x360 || c === 0x361 ? 234 : 233;
    if ((c >= 0x316 && c <= 0x319) || (c >= 0x31C && c <= 0x320) || (c >= 0x323 && c <= 0x326) || (c >= 0x329 && c <= 0x333) ||
        (c >= 0x339 && c <= 0x33C) || (c >= 0x347 && c <= 0x349) || c === 0x34D || c === 0x34E || (c >= 0x353 && c <= 0x356) ||
        c === 0x359 || c === 0x35A) return 220;
    return 230;
  }
  var SB = 0xAC00, LB = 0x1100, VB = 0x1161, TB = 0x11A7, LC = 19, VC = 21, TC = 28, NC = VC * TC, SC = LC * NC;
  function decompose(s) {
    var out = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c >= SB && c < SB + SC) {
        var si = c - SB;
        out.push(LB + Math.floor(si / NC), VB + Math.floor((si % NC) / TC));
        if (si % TC) out.push(TB + si % TC);
        continue;
      }
      var d = DEC[c];
      if (d === undefined) out.push(c);
      else for (var k = 0; k < d.length; k++) out.push(d[k]);
    }
    // Canonical ordering: marks sorted by class within each run (a stable insertion sort).
    for (var j = 1; j < out.length; j++) {
      var cj = ccc(out[j]);
      if (cj === 0) continue;
      var m = j;
      while (m > 0 && ccc(out[m - 1]) > cj) { var t = out[m]; out[m] = out[m - 1]; out[m - 1] = t; m--; }
    }
    return out;
  }
  function compose(cps) {
    if (cps.length === 0) return cps;
    var out = [cps[0]], starter = ccc(cps[0]) === 0 ? 0 : -1, lastClass = starter === 0 ? 0 : 256;
    for (var i = 1; i < cps.length; i++) {
      var c = cps[i], cc = ccc(c);
      if (starter >= 0 && (lastClass < cc || (lastClass === 0 && out.length - 1 === starter))) {
        var s = out[starter], comp;
        if (s >= LB && s < LB + LC && c >= VB && c < VB + VC) comp = SB + ((s - LB) * VC + (c - VB)) * TC;
        else if (s >= SB && s < SB + SC && (s - SB) % TC === 0 && c > TB && c < TB + TC) comp = s + (c - TB);
        else comp = COMP[s * 65536 + c];
        if (comp !== undefined) { out[starter] = comp; continue; }
      }
      if (cc === 0) { starter = out.length; lastClass = 0; } else lastClass = cc;
      out.push(c);
    }
    return out;
  }
  function fromCodes(cps) {
    var parts = [];
    for (var i = 0; i < cps.length; i += 4096) parts.push(String.fromCharCode.apply(null, cps.slice(i, i + 4096)));
    return parts.join('');
  }
  rt.method(String.prototype, 'normalize', function (form) {
    var s = rt.toStr(rt.requireCoercible(this, 'String.prototype.normalize'));
    var f = form === undefined ? 'NFC' : rt.toStr(form);
    if (f !== 'NFC' && f !== 'NFD' && f !== 'NFKC' && f !== 'NFKD') throw new RangeError('The normalization form should be one of NFC, NFD, NFKC, NFKD.');
    var i = 0;
    while (i < s.length && s.charCodeAt(i) < 0xC0) i++;
    if (i === s.length) return s;
    if (DEC === null) init();
    var d = decompose(s);
    return fromCodes(f === 'NFD' || f === 'NFKD' ? d : compose(d));
  }, 0);
})(this);
