use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at a four-player table, numbered clockwise from North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat of index `i` modulo 4. A match rather than an index into
    /// [`Seat::ALL`]: the compiler reads it as the two low bits, with no
    /// load (the search asks for seats at every card).
    pub const fn from_index(i: usize) -> Seat {
        match i & 3 {
            0 => Seat::North,
            1 => Seat::East,
            2 => Seat::South,
            _ => Seat::West,
        }
    }

    /// The next seat clockwise (the player on this one's left).
    pub const fn next(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    /// The next seat counter-clockwise (Jass plays this way).
    pub const fn prev(self) -> Seat {
        Seat::from_index(self as usize + 3)
    }

    /// `n` seats clockwise from this one.
    pub const fn plus(self, n: usize) -> Seat {
        // Modulo 4, which a wrapped sum keeps (2^64 is a multiple of 4):
        // no overflow check needed.
        Seat::from_index((self as usize).wrapping_add(n))
    }

    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    pub const fn team(self) -> Team {
        if (self as usize) & 1 == 0 {
            Team::NS
        } else {
            Team::EW
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }

    /// `N E S W` (either case) or the full names.
    pub fn parse(s: &str) -> Option<Seat> {
        let is = |name: &str| s.eq_ignore_ascii_case(name);
        Seat::ALL
            .into_iter()
            .find(|seat| is(seat.name()) || is(&seat.name()[..1]))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A partnership of a four-player game with fixed partners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Team {
    NS = 0,
    EW = 1,
}

impl Team {
    pub const ALL: [Team; 2] = [Team::NS, Team::EW];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The partnership's two players.
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Team::NS => [Seat::North, Seat::South],
            Team::EW => [Seat::East, Seat::West],
        }
    }

    pub const fn other(self) -> Team {
        match self {
            Team::NS => Team::EW,
            Team::EW => Team::NS,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Team::NS => "NS",
            Team::EW => "EW",
        }
    }

    pub fn parse(s: &str) -> Option<Team> {
        let is = |name: &str| s.eq_ignore_ascii_case(name);
        if is("NS") || is("SN") {
            Some(Team::NS)
        } else if is("EW") || is("WE") {
            Some(Team::EW)
        } else {
            None
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat([f(Seat::North), f(Seat::East), f(Seat::South), f(Seat::West)])
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, s: Seat) -> &T {
        &self.0[s as usize]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s as usize]
    }
}

/// One value per team, indexed by [`Team`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByTeam<T>(pub [T; 2]);

impl<T> Index<Team> for ByTeam<T> {
    type Output = T;
    fn index(&self, t: Team) -> &T {
        &self.0[t as usize]
    }
}

impl<T> IndexMut<Team> for ByTeam<T> {
    fn index_mut(&mut self, t: Team) -> &mut T {
        &mut self.0[t as usize]
    }
}
