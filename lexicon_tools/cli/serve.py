"""`lexicon-tools serve`: the table page for physical games, on this computer or the local network.

FastAPI, uvicorn and segno are imported inside the command, so the rest of the
CLI starts as light as before. With sharing on, the server opens one shared table
at start and the address it prints (and its terminal QR code) is that table's link:
every phone that scans it joins the same table, and the first one in brings its game. The socket is bound here, before uvicorn starts,
so a busy port or a bad address is a one-paragraph error (exit 2), not a log line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    import socket

LEXICON_HELP = "A .lex file (default: the lexicon built for --ruleset)."


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_command)


def serve_command(
    ruleset: str | None = typer.Option(None, "--ruleset", "-r",
                                       help="Ruleset name or YAML path (default: the one the lexicon was built "
                                            "for, else wortspieler)."),
    lexicon: str | None = typer.Option(None, "--lexicon", "-l", help=LEXICON_HELP),
    host: str = typer.Option("127.0.0.1", "--host",
                             help="Address to listen on; 0.0.0.0 serves every phone on the local network."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="TCP port (0: any free port)."),
    share: bool = typer.Option(True, "--share/--no-share", help="Allow shared tables (kept in memory only)."),
    max_tables: int = typer.Option(100, "--max-tables", min=1, max=10_000, help="Shared tables kept at most."),
    table_hours: float = typer.Option(12.0, "--table-hours", min=0.1, max=168,
                                      help="A shared table untouched this long is forgotten."),
    tables_per_client: int = typer.Option(10, "--tables-per-client", min=1, max=10_000,
                                          help="Shared tables one client address keeps at most (its least "
                                               "recently used goes first)."),
    request_timeout: float = typer.Option(15.0, "--request-timeout", min=1, max=600,
                                          help="Seconds a client has to send one whole request (headers and "
                                               "body); a slower one is answered 408 and disconnected."),
    allow_host: list[str] = typer.Option([], "--allow-host",
                                         help="Another name this server answers to (e.g. a DNS name of this "
                                              "computer); repeatable. Other Host names are refused."),
    qr: bool = typer.Option(True, "--qr/--no-qr", help="Print a QR code of the shared table's link (of the address "
                                                       "with --no-share), with a LAN --host."),
) -> None:
    """Serve the table page: word judge, turn scores on the physical board, score sheet, tiles left, timer.

    Example: lexicon-tools serve --ruleset wortspieler --host 0.0.0.0 --port 8000

    Example: lexicon-tools serve --host 0.0.0.0 --allow-host spieltisch.fritz.box
    """
    from lexicon_tools.web.loader import open_table

    path, table = open_table(ruleset, lexicon)
    sock = _bind(host, port)
    shown = _shown_host(host)
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    hosts = _host_names(host, shown, allow_host)
    typer.echo(f"{table.title}: lexicon {path} ({table.lexicon.word_count:,} words)")
    typer.echo(f"Serving the table at {url}  (Ctrl-C stops)")
    store = _store(share, max_tables, table_hours, tables_per_client)
    link = url
    if store is not None:      # the table the phones scan: opened empty, the first phone in brings its game
        link = f"{url}#table={store.create({}, client='serve')[0]}"
        typer.echo(f"Shared table: {link}")
    if host in ("0.0.0.0", "::") and qr:
        import segno

        typer.echo("Scan to open the shared table on a phone in the same network:" if store is not None
                   else "Scan to open it on a phone in the same network:")
        segno.make(link, error="m").terminal(compact=True)
    elif host in ("127.0.0.1", "localhost", "::1"):
        typer.echo("Only this computer can open it; --host 0.0.0.0 serves the phones on your network.")
    from lexicon_tools.cli.signals import Terminated

    try:
        _run(table, sock, store, hosts, request_timeout)
    except (KeyboardInterrupt, Terminated):   # uvicorn has shut down gracefully, then re-raised the signal
        typer.echo("Stopped." + (" Shared tables were kept in memory only and are gone." if share else ""))


def _bind(host: str, port: int) -> socket.socket:
    import socket  # here, not at the top: every command's start-up imports this module

    from lexicon_tools.errors import UsageError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except (OSError, OverflowError) as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host} port {port}: {getattr(exc, 'strerror', None) or exc}",
                         "Pick another --port (or 0 for any free one), or check the --host address.") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _shown_host(host: str) -> str:
    """The address to type on a phone: for 0.0.0.0, this computer's address on the network."""
    if host not in ("0.0.0.0", "::"):
        return f"[{host}]" if ":" in host else host
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))   # UDP connect sends nothing: it only picks the outgoing interface
        return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def _host_names(host: str, shown: str, extra: list[str]) -> frozenset[str]:
    """The Host names the server answers (DNS rebinding, see `web.guard`): the localhost names, the --host
    address and the address printed, this computer's name and addresses, and each --allow-host."""
    names = {"localhost", "127.0.0.1", "::1", shown.strip("[]"), *(n.strip().strip("[]") for n in extra)}
    if host not in ("0.0.0.0", "::"):
        names.add(host)
    else:
        import socket

        name = socket.gethostname()
        names |= {name, f"{name}.local"}
        try:
            names |= {info[4][0] for info in socket.getaddrinfo(name, None)}
        except OSError:
            pass
    return frozenset(n.lower().rstrip(".") for n in names if n)


def _store(share: bool, max_tables: int, table_hours: float, per_client: int):
    from lexicon_tools.web.shared import TableStore

    return TableStore(max_tables, table_hours * 3600, per_client=per_client) if share else None


def _run(table, sock: socket.socket, store, hosts: frozenset[str], request_timeout: float) -> None:
    import uvicorn

    from lexicon_tools.web.app import create_app
    from lexicon_tools.web.protocol import bounded_protocol

    # `http`: uvicorn's httptools protocol with a header limit, a request deadline and connections per
    # client (`web.protocol`); the h11 setting uvicorn offers applies only to its other parser.
    config = uvicorn.Config(create_app(table, store, hosts=hosts), log_level="warning", access_log=False,
                            server_header=False, timeout_keep_alive=30, limit_concurrency=1000,
                            http=bounded_protocol(request_timeout=request_timeout))
    uvicorn.Server(config).run(sockets=[sock])
