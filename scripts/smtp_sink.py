"""An SMTP server for the tests (PyPI's aiosmtpd) on a loopback port.

Writes each message it accepts, exactly as received, to DIR/NNNN.eml, and
prints "listening on PORT" once it accepts connections. With --refuse N it
answers the first N messages with --code (451: try again later; 550:
refused) before accepting, as a mail server that is down and then back up.

    python smtp_sink.py DIR [--refuse N] [--code 451]
"""

import argparse
import itertools
import os
import socket
import sys

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder, refuse, code):
        self.folder = folder
        self.refuse = refuse
        self.code = code
        self.numbers = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        if self.refuse > 0:
            self.refuse -= 1
            return f"{self.code} Not now, try again later" if self.code < 500 else f"{self.code} Refused"
        path = os.path.join(self.folder, f"{next(self.numbers):04}.eml")
        # Written beside and renamed, so a reader never sees half a message.
        with open(path + ".part", "wb") as file:
            file.write(envelope.original_content)
        os.rename(path + ".part", path)
        return "250 OK"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--refuse", type=int, default=0)
    parser.add_argument("--code", type=int, default=451)
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    port = free_port()
    controller = Controller(Sink(args.folder, args.refuse, args.code), hostname="127.0.0.1", port=port)
    controller.start()
    print(f"listening on {port}", flush=True)
    try:
        # Until the test ends: it closes our stdin (or kills us).
        sys.stdin.read()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
