#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs a command with an X server and a D-Bus session bus of its own.

usage: own-session.py COMMAND [ARGUMENT...]

The UI tests run through this (tests/ui/meson.build and the others), so
that two of them can run side by side: each has its own keyboard focus and
pointer for the input it synthesizes (XTest), its own app id and
accessibility bus on its own session bus, and nothing left on a display by
one test meets another. build-aux/dev runs each stage's `meson test`
through it too.

The X server is Xvfb (1280 × 1024, 24 bits, no TCP), which picks a free
display itself (-displayfd): it takes the first display number whose
socket nobody listens on, so servers started at the same moment never
race for one, and a chroot's server never takes a number a server outside
it uses (their abstract sockets are one namespace). The bus is a
dbus-daemon --session started with the display set, for the services it
starts (the accessibility bus, portals), in a process group of its own
that is ended with them all; their output is written to standard error
once the command has ended, never into the command's TAP, and none of them
keeps this program's output open. The command's exit status is
this program's; the server and the bus end with it. Xvfb's own output is
shown only when it does not start.
"""
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# How long Xvfb may take to start on a loaded machine (a limit, not a
# measure).
START_SECONDS = 60


def fail(why):
    """Says WHY the command was not run, as TAP too (the UI tests are TAP),
    and exits."""
    print(f"1..1\nnot ok 1 - {why}", flush=True)
    print(f"own-session.py: {why}", file=sys.stderr, flush=True)
    sys.exit(1)


def read_line(fd):
    """The first line written to FD (a pipe's read end, closed here) within
    START_SECONDS, or what was written of it ("" for nothing)."""
    line = b""
    deadline = time.monotonic() + START_SECONDS
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 256)
        if not chunk:
            break
        line += chunk
    os.close(fd)
    return line.decode(errors="replace").strip()


def start_xvfb(log):
    """Starts Xvfb writing to LOG; returns (its process, ":N")."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        fail("Xvfb is not installed (Debian package xvfb)")
    read_end, write_end = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x1024x24",
                               "-nolisten", "tcp"],
                              stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(write_end,))
    os.close(write_end)
    number = read_line(read_end)
    if not number.isdigit():
        server.kill()
        server.wait()
        log.seek(0)
        sys.stderr.write(log.read().decode(errors="replace"))
        fail(f"Xvfb did not start within {START_SECONDS} s (its output is above)")
    return server, ":" + number


def start_bus(env, log):
    """Starts a session bus with ENV, writing to LOG; returns (its
    process, its address). The bus leads a process group of its own,
    which the services it starts join (the portals), so that stop_bus()
    ends them all; and none of them writes to this program's standard
    output or error, which meson test reads to its end: a service left
    running with them open held a test that had passed until its
    timeout."""
    daemon = shutil.which("dbus-daemon")
    if daemon is None:
        fail("dbus-daemon is not installed (Debian package dbus)")
    read_end, write_end = os.pipe()
    bus = subprocess.Popen([daemon, "--session", "--nofork", "--nopidfile",
                            f"--print-address={write_end}"],
                           env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                           pass_fds=(write_end,), start_new_session=True)
    os.close(write_end)
    address = read_line(read_end)
    if not address:
        bus.kill()
        bus.wait()
        fail(f"dbus-daemon did not start within {START_SECONDS} s")
    return bus, address


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def stop_bus(bus):
    """Ends the bus and every service it started (its process group)."""
    for signum in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(bus.pid, signum)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                os.killpg(bus.pid, 0)
            except ProcessLookupError:
                break
            bus.poll()
            time.sleep(0.05)
        else:
            continue
        break
    bus.poll()


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with tempfile.TemporaryFile() as log:
        server, display = start_xvfb(log)
        env = dict(os.environ)
        # This display and no other: not a desktop's Wayland or X server,
        # nor the cookie file of another X server (Xvfb without -auth lets
        # local clients in), nor an accessibility bus found elsewhere.
        for name in ("WAYLAND_DISPLAY", "XAUTHORITY", "AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS",
                     "DBUS_SESSION_BUS_PID"):
            env.pop(name, None)
        env["DISPLAY"] = display
        env["GDK_BACKEND"] = "x11"
        bus_log = tempfile.TemporaryFile()
        bus, env["DBUS_SESSION_BUS_ADDRESS"] = start_bus(env, bus_log)
        child = subprocess.Popen(sys.argv[1:], env=env)

        # A signal that ends this program (meson test's timeout sends
        # SIGTERM to the whole process group; Ctrl-C) ends the command first,
        # then the bus and the server.
        def forward(signum, _frame):
            if child.poll() is None:
                child.send_signal(signum)

        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, forward)
        status = child.wait()
        stop_bus(bus)
        stop(server)
        # What the bus and its services said, after the command's own.
        bus_log.seek(0)
        said = bus_log.read().decode(errors="replace")
        bus_log.close()
        if said:
            sys.stderr.write(said)
            sys.stderr.flush()
    if status < 0:
        # Killed by a signal: say so the same way.
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    return status


if __name__ == "__main__":
    sys.exit(main())
