"""Busy rummy tables for the layout and snapshot tests (issue 24): built on a seed's deal, in
the session's state before the table redraws: a long hand, many melds (a joker standing for a
card), a pile with cards beneath, claims (Nickels) or a frozen pile, Bonus cards, cheat cards,
Hands Off and a Jokernate (Nogginate), and a CJK seat name (two cells a character)."""

from __future__ import annotations

from engine.cards import Suit, parse_cards

#: The seats of the busy tables: a CJK name among them.
SEATS = ["human:Ann", "ai:random:Bix", "ai:random:明美", "ai:random:Dee"]


def busy_nickels(app) -> None:
    """A Nickels table: 23 cards in hand, six melds (a run with a joker standing for 6♥, a
    book with a joker), seven cards on the discard pile, two claims by 明美."""
    from engine.games.nickels.melds import Run, TableMeld, make_book
    st = app.session.state
    st.hands[0] = sorted(st.hands[0] + parse_cards("2C 3C 4C 8C 9C 10C JD QD KD AD 3H 5H 9H 9S JS QS JK"),
                         key=lambda c: c.order)
    st.discards.extend(parse_cards("3S 8D KH QC 4D 7C"))
    melds = [(1, make_book(parse_cards("8S 8H 8D"))), (1, Run(Suit.HEARTS, 5, tuple(parse_cards("5H JK 7H 8H 9H")))),
             (2, make_book(parse_cards("KC KS JK"))), (2, make_book(parse_cards("10D 10H 10S 10C"))),
             (3, Run(Suit.SPADES, 2, tuple(parse_cards("2S 3S 4S 5S 6S 7S")))),
             (3, make_book(parse_cards("4H 4D 4S")))]
    for owner, m in melds:
        st.melds.append(TableMeld(st.next_id, owner, m))
        st.next_id += 1
    for s in (1, 2, 3):
        st.down_turn[s] = 0
    st.claims[2] = 2


def busy_nogginate(app) -> None:
    """A Nogginate table (cheat cards on): 37 cards in hand (FZ, BN, jokers, four cheat cards),
    seven melds (dirty Nates, a closed Noggi, Hands Off, a Jokernate), the pile frozen under FZ
    with cards beneath, two cheat cards on the dead pile, Bonus cards, the partner's Show and Tell."""
    from engine.games.nogginate.cards import NOGGINATE
    from engine.games.nogginate.cheats import Tell
    from engine.games.nogginate.melds import JOKERNATE, NATE, NOGGI, TableMeld
    st = app.session.state
    cards = NOGGINATE.parse_cards
    extra = cards("0C 1C 2C 4D 6D 7D 8D 9H 10H 3S 4S 6S 8S 9S 10S JK FZ BN STL SHW TEL CMB")
    for c in cards("STL SHW TEL CMB RES HOF"):
        st.cheat_stock.remove(c)
    st.cheat_discards.extend(cards("RES HOF"))
    st.hands[0] = sorted(st.hands[0] + extra, key=lambda c: c.order)
    st.discards.extend(cards("5H 7C FZ"))
    melds = [(1, NOGGI, "2S 3S 4S 5S", False, 1), (0, NATE, "7C 7D 7H 7H JK", False, 0),
             (0, NOGGI, "0H 1H 2H 3H 4H 5H 6H 7H", True, 0), (1, NATE, "9C 9D 9S 9S 9H 9C 9D", True, 0),
             (0, NOGGI, "3D 4D 5D", False, 0), (1, NATE, "10C 10D JK", False, 0)]
    for team, kind, text, closed, guards in melds:
        st.melds.append(TableMeld(st.next_id, team, kind, tuple(cards(text)), closed, guards))
        st.next_id += 1
    st.melds.append(TableMeld(st.next_id, 0, JOKERNATE, tuple(cards("JK JK JK")), False))
    st.next_id += 1
    st.hands[2].append(cards("7H")[0])
    st.shown[2].append(cards("7H")[0])
    st.tells.append((2, Tell("pile")))
    st.down = [True, True]
    st.bonuses[1] = 2


#: game -> (its rules, the function that makes its table busy)
BUSY = {"nickels": ({}, busy_nickels), "nogginate": ({"use_cheat_cards": True}, busy_nogginate)}
