#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The app started by D-Bus, as a desktop with DBusActivatable=true starts
it. TAP.

On a session bus of its own (a dbus-daemon whose only service folder holds
a service file for APP_ID that runs the built APP with
--gapplication-service), the test:

- `gapplication launch APP_ID`: the bus starts the app, which takes its
  name and shows its game window;
- org.freedesktop.Application.Open with two files (a saved game and a
  scenario): both are opened, the second in an editor (a second window);
- `gapplication action APP_ID quit`: the app leaves the bus and ends.

usage: test-dbus-activation.py APP APP_ID SRCDIR
"""
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish  # noqa: E402

APP, APP_ID, SRCDIR = sys.argv[1:4]
OBJECT_PATH = "/" + APP_ID.replace(".", "/")

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={tmp}</listen>
  <servicedir>{services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def wait_for(predicate, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def main():
    if not os.environ.get("DISPLAY"):
        # Run by hand without a display: make one (never skip).
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                               sys.executable] + sys.argv)
    tmp = tempfile.mkdtemp(prefix="critter-isle-dbus-")
    services = os.path.join(tmp, "services")
    os.mkdir(services)
    with open(os.path.join(services, APP_ID + ".service"), "w") as f:
        f.write(f"[D-BUS Service]\nName={APP_ID}\nExec={APP} --gapplication-service\n")
    config = os.path.join(tmp, "bus.conf")
    with open(config, "w") as f:
        f.write(BUS_CONFIG.format(tmp=tmp, services=services))

    # What the bus gives the services it starts: the test's display, no
    # person's settings or autosave, no accessibility bus.
    env = {**os.environ, "GSK_RENDERER": "cairo", "GSETTINGS_BACKEND": "memory",
           "GTK_A11Y": "none", "NO_AT_BRIDGE": "1", "LANGUAGE": "C",
           "CRITTER_ISLE_AUTOSAVE": os.path.join(tmp, "autosave.isle"),
           "XDG_DATA_HOME": os.path.join(tmp, "data")}
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    bus = subprocess.Popen(["dbus-daemon", "--nofork", "--print-address=1",
                            f"--config-file={config}"],
                           env=env, stdout=subprocess.PIPE, text=True)
    address = bus.stdout.readline().strip()
    env["DBUS_SESSION_BUS_ADDRESS"] = address

    def gdbus(*args):
        return subprocess.run(["gdbus", *args], env=env, capture_output=True, text=True, timeout=30)

    def has_owner():
        r = gdbus("call", "--session", "--dest", "org.freedesktop.DBus",
                  "--object-path", "/org/freedesktop/DBus",
                  "--method", "org.freedesktop.DBus.NameHasOwner", APP_ID)
        return r.returncode == 0 and "true" in r.stdout

    def windows():
        r = gdbus("introspect", "--session", "--dest", APP_ID,
                  "--object-path", OBJECT_PATH + "/window")
        return re.findall(r"node (\d+)", r.stdout) if r.returncode == 0 else []

    try:
        check("the bus has the address of a session of its own", address.startswith("unix:"), address)
        check("nobody owns the app's name before", not has_owner())

        r = subprocess.run(["gapplication", "launch", APP_ID], env=env,
                           capture_output=True, text=True, timeout=60)
        check("gapplication launch starts the app through the bus", r.returncode == 0, r.stderr)
        check("the started app owns its name", wait_for(has_owner))
        check("the launched app shows its game window", wait_for(lambda: len(windows()) == 1),
              f"windows: {windows()}")

        saved = os.path.join(SRCDIR, "data", "saved", "good-weather.isle")
        scenario = os.path.join(SRCDIR, "data", "scenarios", "good-basic.isle")
        uris = "[" + ", ".join(f"'file://{p}'" for p in (saved, scenario)) + "]"
        r = gdbus("call", "--session", "--dest", APP_ID, "--object-path", OBJECT_PATH,
                  "--method", "org.freedesktop.Application.Open", uris, "{}")
        check("org.freedesktop.Application.Open is answered", r.returncode == 0, r.stderr)
        check("Open with two files opens both: the game window and an editor",
              wait_for(lambda: len(windows()) == 2), f"windows: {windows()}")

        r = subprocess.run(["gapplication", "action", APP_ID, "quit"], env=env,
                           capture_output=True, text=True, timeout=60)
        check("gapplication action quit is answered", r.returncode == 0, r.stderr)
        check("the app leaves the bus when it quits", wait_for(lambda: not has_owner()))
    finally:
        bus.terminate()
        bus.wait()
        subprocess.run(["rm", "-rf", tmp])
    finish()


main()
