"""Type stubs of the native module ``hukm._core``."""

from typing import Any, Optional, final

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = ["Dashavatara", "Hokm", "Naqsh", "State", "TwentyEight", "__version__", "format_hand", "pack_cards", "parse_deal", "parse_hand", "solve", "solve_many", "solve_naqsh", "solve_twenty_eight"]

@final
class State:
    """A game state: whose turn, the legal actions, apply, observations."""

    @property
    def num_players(self) -> int: ...
    @property
    def current_player(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def phase(self) -> str: ...
    def legal_actions(self) -> list[str]: ...
    def apply(self, action: str) -> None: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def observation(self, player: int) -> dict[str, Any]: ...
    def history(self) -> list[str]: ...
    def hands(self) -> list[str]: ...

@final
class Hokm:
    """Hokm for 4, 3 and 2 players (native; use :class:`hukm.Hokm`)."""

    def __new__(cls, preset: str = "hokm4", options: list[tuple[str, str]] = ...) -> Hokm: ...
    @property
    def preset(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def num_seats(self) -> int: ...
    @property
    def options(self) -> dict[str, str]: ...
    def new_game(
        self, seed: int, scores: Optional[list[int]] = None, dealer: Optional[int] = None
    ) -> State: ...
    def from_deal(
        self,
        deal: str,
        trump: Optional[str],
        leader: int,
        hakem: Optional[int] = None,
        tricks_won: Optional[list[int]] = None,
        heap: Optional[int] = None,
        prev: Optional[int] = None,
        prev_ace: bool = False,
        tens: Optional[list[int]] = None,
        heap_tens: Optional[int] = None,
    ) -> State: ...
    def dd_table(
        self,
        deal: str,
        threads: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        tt_mib: Optional[int] = None,
    ) -> npt.NDArray[np.uint8]: ...
    def random_playouts(
        self, n: int, seed: int = 0, threads: Optional[int] = None
    ) -> dict[str, npt.NDArray[np.int64]]: ...

@final
class Naqsh:
    """Naqsh, the banking game of 17 (native; use :class:`hukm.Naqsh`)."""

    def __new__(cls, options: list[tuple[str, str]] = ...) -> Naqsh: ...
    @property
    def num_players(self) -> int: ...
    @property
    def options(self) -> dict[str, str]: ...
    def new_game(self, seed: int, banker: Optional[int] = None) -> State: ...
    def from_deal(
        self,
        deal: str,
        banker: int,
        stock: Optional[str] = None,
        stakes: Optional[list[int]] = None,
        seed: int = 0,
    ) -> State: ...
    def deal(self, seed: int, banker: int) -> tuple[str, str]: ...

@final
class Dashavatara:
    """Dashavatara Ganjifa (native; use :class:`hukm.Dashavatara`)."""

    def __new__(cls, options: list[tuple[str, str]] = ...) -> Dashavatara: ...
    @property
    def num_players(self) -> int: ...
    @property
    def options(self) -> dict[str, str]: ...
    @property
    def suits(self) -> list[str]: ...
    @property
    def trump(self) -> str: ...
    def new_game(self, seed: int) -> State: ...
    def from_deal(
        self, deal: str, leader: Optional[int] = None, captured: Optional[list[int]] = None
    ) -> State: ...

@final
class TwentyEight:
    """Twenty-eight and its relatives (native; use :class:`hukm.TwentyEight`)."""

    def __new__(cls, preset: str = "28", options: list[tuple[str, str]] = ...) -> TwentyEight: ...
    @property
    def preset(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def total_points(self) -> int: ...
    @property
    def bid_range(self) -> tuple[int, int]: ...
    @property
    def options(self) -> dict[str, str]: ...
    def new_game(self, seed: int) -> State: ...
    def deal(self, seed: int) -> str: ...
    def from_deal(
        self,
        deal: str,
        bidder: int,
        leader: int,
        trump: Optional[str] = None,
        indicator: Optional[str] = None,
        contract: Optional[int] = None,
    ) -> State: ...
    def dd_table(
        self,
        deal: str,
        leader: int,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        tt_mib: Optional[int] = None,
    ) -> list[list[int]]: ...

def parse_hand(text: str, pack: str = "french52") -> list[str]: ...
def format_hand(cards: list[str], pack: str = "french52", labelled: bool = False) -> str: ...
def parse_deal(text: str, players: int, pack: str = "french52") -> list[list[str]]: ...
def pack_cards(pack: str = "french52") -> list[str]: ...
def solve(
    state: State,
    player: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    tt_mib: Optional[int] = None,
    actions: bool = True,
    objective: str = "tricks",
) -> tuple[int, list[tuple[str, int]], int]: ...
def solve_many(
    states: list[State],
    players: Optional[list[int]] = None,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    tt_mib: Optional[int] = None,
) -> npt.NDArray[np.uint32]: ...
def solve_naqsh(
    state: State, player: Optional[int] = None, max_nodes: Optional[int] = None
) -> tuple[int, list[tuple[str, int]], int]: ...
def solve_twenty_eight(
    state: State,
    player: Optional[int] = None,
    target: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    tt_mib: Optional[int] = None,
    actions: bool = True,
) -> tuple[int, list[tuple[str, int]], int]: ...
