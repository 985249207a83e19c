#!/usr/bin/env python3
"""Install the project as the Flatpak build does, into a staging folder,
and start the installed game from there (issue 8). Prints TAP.

1. A build folder configured like flatpak-builder configures the manifest's
   meson module (`--prefix=/app --libdir=/app/lib`, plus the module's
   config-opts), installed with `meson install --destdir STAGE`; then what
   flatpak-builder runs when it finishes (glib-compile-schemas,
   update-mime-database, update-desktop-database) on the staged tree.
2. The staged files: both binaries, the desktop file, metainfo, icons
   (scalable and symbolic), schema and compiled schemas, MIME XML, a .mo
   file per language of po/LINGUAS and no other, the user help of help/C
   and of each language of help/LINGUAS in share/help/LANG/critter-isle,
   the sample AI plugin in lib/critter-isle/ai; the folders compiled into
   the binaries (/app/...);
   nothing the manifest's cleanup removes is needed.
3. The staged desktop data at work: an .isle file (and one without the
   extension) is application/x-critter-isle, the staged desktop file is its
   default application; `appstreamcli validate-tree` passes.
4. The staged app starts under the test display with the staged schemas
   and data (CRITTER_ISLE_SCREENSHOT draws the window and quits), and opens
   a saved game given on its command line, as the desktop file's Exec does.
   The licence (share/licenses/APP_ID/COPYING) and the D-Bus service file
   (share/dbus-1/services/APP_ID.service, Name=APP_ID) are staged too.
5. A development build (the development manifest's config-opts,
   -Ddevelopment=true) installs everything under the
   ….Devel id, its schema compiles and holds the ….Devel id, and its
   window has the striped "devel" header bar that a release window lacks.

The build folders are kept in this test's build folder between runs (a
second run only rebuilds what changed); the staging folders are made anew.

usage: test-install.py MESON SOURCE_ROOT WORK_DIR GETTEXT_DOMAIN
"""
import configparser
import fnmatch
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish  # noqa: E402

MESON, SOURCE, WORK, DOMAIN = sys.argv[1:5]
BASE_ID = "io.github.critterisle.CritterIsle"
DEVEL_ID = BASE_ID + ".Devel"
MIME_TYPE = "application/x-critter-isle"
MANIFEST = os.path.join(SOURCE, "flatpak", BASE_ID + ".json")
DEVEL_MANIFEST = os.path.join(SOURCE, "flatpak", DEVEL_ID + ".json")
SAVED_GAME = os.path.join(SOURCE, "tests", "data", "saved", "good-weather.isle")
PREFIX = "/app"


def tool(name, package):
    path = shutil.which(name)
    if path is None:
        check(f"{name} is installed", False,
              f"{name} not found: install the Debian package {package} "
              "(build-aux/dev test installs it)")
    return path


def run(cmd, env=None, timeout=300, cwd=None):
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("MESON_", "NINJA_", "CRITTER_ISLE_"))}
    base.update({"LC_ALL": "C.UTF-8", "LANGUAGE": "C"})
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           env={**base, **(env or {})}, cwd=cwd)
    except subprocess.TimeoutExpired as e:
        return -1, f"timeout after {timeout} s: {cmd}\n{e.stdout or ''}{e.stderr or ''}"
    return p.returncode, p.stdout + p.stderr


def manifest_module():
    with open(MANIFEST) as f:
        manifest = json.load(f)
    return manifest, manifest["modules"][-1]


def build_and_stage(name, options, stage):
    """Configures (once) and builds WORK/NAME like flatpak-builder, installs
    it into STAGE and returns STAGE/app, or None when a step failed."""
    builddir = os.path.join(WORK, name)
    _, module = manifest_module()
    args = [f"--prefix={PREFIX}", f"--libdir={PREFIX}/lib", *module.get("config-opts", []),
            # What is checked does not depend on optimisation: build fast.
            "-Dbuildtype=plain", *options]
    if os.path.exists(os.path.join(builddir, "meson-private", "coredata.dat")):
        rc, out = run([MESON, "setup", "--reconfigure", builddir, SOURCE, *args])
        if rc != 0:
            rc, out = run([MESON, "setup", "--wipe", builddir, SOURCE, *args])
    else:
        shutil.rmtree(builddir, ignore_errors=True)
        rc, out = run([MESON, "setup", builddir, SOURCE, *args])
    if not check(f"{name}: meson setup {' '.join(args)}", rc == 0, out):
        return None
    rc, out = run([MESON, "compile", "-C", builddir])
    if not check(f"{name}: meson compile", rc == 0, out):
        return None
    shutil.rmtree(stage, ignore_errors=True)
    rc, out = run([MESON, "install", "-C", builddir, "--destdir", stage, "--no-rebuild"])
    if not check(f"{name}: meson install --destdir", rc == 0, out):
        return None
    return os.path.join(stage, PREFIX.lstrip("/"))


def flatpak_finish(app, tmp):
    """What flatpak-builder runs on /app after the modules are installed."""
    share = os.path.join(app, "share")
    schemas = os.path.join(share, "glib-2.0", "schemas")
    compile_schemas = tool("glib-compile-schemas", "libglib2.0-bin")
    if compile_schemas:
        rc, out = run([compile_schemas, "--strict", schemas])
        check("glib-compile-schemas --strict on the staged schemas", rc == 0 and not out.strip(), out)
    update_mime = tool("update-mime-database", "shared-mime-info")
    if update_mime:
        rc, out = run([update_mime, os.path.join(share, "mime")], env=app_env(app, tmp))
        check("update-mime-database on the staged MIME XML: no warnings", rc == 0 and not out.strip(), out)
    update_desktop = tool("update-desktop-database", "desktop-file-utils")
    if update_desktop:
        rc, out = run([update_desktop, os.path.join(share, "applications")], env=app_env(app, tmp))
        check("update-desktop-database on the staged desktop file", rc == 0, out)


def linguas():
    langs = []
    with open(os.path.join(SOURCE, "po", "LINGUAS")) as f:
        for line in f:
            langs += line.split("#", 1)[0].split()
    return langs


def help_linguas():
    langs = []
    with open(os.path.join(SOURCE, "help", "LINGUAS")) as f:
        for line in f:
            langs += line.split("#", 1)[0].split()
    return langs


def staged_files(app):
    found = []
    for dirpath, _, files in os.walk(app):
        for f in files:
            found.append("/" + os.path.relpath(os.path.join(dirpath, f), app))
    return sorted(found)


def cleaned_up(path, patterns):
    """Whether flatpak-builder's cleanup PATTERNS remove PATH (relative to
    /app, starting with /): a pattern with a leading / matches from /app,
    any other matches a file's name anywhere."""
    for pattern in patterns:
        if pattern.startswith("/"):
            if fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(path, pattern.rstrip("/") + "/*"):
                return True
        elif fnmatch.fnmatch(os.path.basename(path), pattern):
            return True
    return False


def check_staged(app, app_id, label):
    share = os.path.join(app, "share")
    expected = {
        "bin/critter-isle": "the game",
        "bin/critter-isle-cli": "the command-line tool",
        f"share/applications/{app_id}.desktop": "desktop file",
        f"share/metainfo/{app_id}.metainfo.xml": "metainfo",
        f"share/icons/hicolor/scalable/apps/{app_id}.svg": "scalable icon",
        f"share/icons/hicolor/symbolic/apps/{app_id}-symbolic.svg": "symbolic icon",
        f"share/glib-2.0/schemas/{app_id}.gschema.xml": "settings schema",
        f"share/mime/packages/{app_id}.xml": "MIME type XML",
        "share/critter-isle/rules/standard.json": "standard rules",
        "lib/critter-isle/ai/critter-isle-sample.so": "sample AI plugin",
        "libexec/critter-isle-plugin-probe": "plugin probe",
        f"share/licenses/{app_id}/COPYING": "licence text (GPL-3.0)",
        f"share/dbus-1/services/{app_id}.service": "D-Bus service file",
    }
    for rel, what in expected.items():
        check(f"{label}: {what} installed as /app/{rel}", os.path.isfile(os.path.join(app, rel)))
    for rel in ("bin/critter-isle", "bin/critter-isle-cli", "libexec/critter-isle-plugin-probe"):
        check(f"{label}: /app/{rel} is executable", os.access(os.path.join(app, rel), os.X_OK))
    licence = os.path.join(app, "share", "licenses", app_id, "COPYING")
    if os.path.isfile(licence):
        with open(licence, encoding="utf-8") as f, open(os.path.join(SOURCE, "COPYING"), encoding="utf-8") as g:
            check(f"{label}: the installed licence is the source's COPYING, the GPL version 3",
                  f.read() == g.read() and os.path.getsize(licence) > 30000)
    service_path = os.path.join(share, "dbus-1", "services", app_id + ".service")
    if os.path.isfile(service_path):
        service = configparser.ConfigParser(interpolation=None)
        service.optionxform = str
        service.read(service_path, encoding="utf-8")
        section = dict(service["D-BUS Service"]) if service.has_section("D-BUS Service") else {}
        check(f"{label}: the D-Bus service is named {app_id} and starts /app/bin/critter-isle as a service",
              section.get("Name") == app_id
              and section.get("Exec") == f"{PREFIX}/bin/critter-isle --gapplication-service", section)
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(os.path.join(share, "applications", app_id + ".desktop"), encoding="utf-8")
    entry = desktop["Desktop Entry"] if desktop.has_section("Desktop Entry") else {}
    check(f"{label}: the installed desktop file is D-Bus activatable, without X-GNOME-SingleWindow",
          entry.get("DBusActivatable") == "true" and "X-GNOME-SingleWindow" not in entry, dict(entry))
    others = [f for f in os.listdir(os.path.join(share, "applications")) if f.endswith(".desktop")]
    check(f"{label}: the only desktop file is {app_id}.desktop", others == [app_id + ".desktop"], others)
    langs = linguas()
    mos = sorted(os.path.relpath(os.path.join(d, f), os.path.join(share, "locale"))
                 for d, _, fs in os.walk(os.path.join(share, "locale")) for f in fs)
    check(f"{label}: one {DOMAIN}.mo per language of po/LINGUAS ({' '.join(langs) or 'none yet'})",
          mos == sorted(f"{l}/LC_MESSAGES/{DOMAIN}.mo" for l in langs), mos)
    # The user help where the help viewer looks for help:critter-isle,
    # share/help/LANG/critter-isle/ (the help's name is the project's, as
    # the gettext domain is): help/C's files in C and in each language of
    # help/LINGUAS.
    pages = sorted(f for f in os.listdir(os.path.join(SOURCE, "help", "C")) if f.endswith((".page", ".xml")))
    for lang in ["C"] + help_linguas():
        folder = os.path.join(share, "help", lang, DOMAIN)
        staged = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
        check(f"{label}: the {lang} help installed as /app/share/help/{lang}/{DOMAIN}/ ({len(pages)} files)",
              staged == pages, staged)
    return staged_files(app)


def app_env(app, tmp, extra=None):
    share = os.path.join(app, "share")
    env = {
        "PATH": os.path.join(app, "bin") + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
        "XDG_DATA_DIRS": share + os.pathsep + os.environ.get("XDG_DATA_DIRS", "/usr/local/share:/usr/share"),
        "XDG_DATA_HOME": os.path.join(tmp, "data"),
        "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
        "XDG_CACHE_HOME": os.path.join(tmp, "cache"),
        "GSETTINGS_SCHEMA_DIR": os.path.join(share, "glib-2.0", "schemas"),
        "GSETTINGS_BACKEND": "memory",
        "GSK_RENDERER": "cairo",
        "CRITTER_ISLE_AUTOSAVE": os.path.join(tmp, "autosave.isle"),
    }
    env.update(extra or {})
    return env


def start_app(app, tmp, shot, args=(), extra=None):
    env = app_env(app, tmp, {"CRITTER_ISLE_SCREENSHOT": shot, **(extra or {})})
    cmd = [os.path.join(app, "bin", "critter-isle"), *args]
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        # Run by hand without a display: make one (never skip).
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", *cmd]
    return run(cmd, env=env, timeout=120)


def read_png(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA or RGB PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, ihdr = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = ihdr
    bpp = {2: 3, 6: 4}.get(colour)
    if bpp is None or depth != 8 or interlace != 0:
        raise ValueError(f"unexpected PNG type (colour {colour}, depth {depth})")
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def header_colours(path):
    """The distinct colours along a line through the header bar, between
    the buttons at the start and the title: one for a plain header bar,
    several for the striped one of development builds."""
    width, height, bpp, rows = read_png(path)
    y = 12
    return {rows[y][x * bpp:x * bpp + 3] for x in range(110, min(width, 380))}


def test_release(tmp):
    manifest, module = manifest_module()
    stage = os.path.join(tmp, "stage")
    app = build_and_stage("flatpak-build", [], stage)
    if app is None:
        return None
    flatpak_finish(app, tmp)
    files = check_staged(app, BASE_ID, "release")
    check("release: the compiled schemas are staged",
          os.path.isfile(os.path.join(app, "share", "glib-2.0", "schemas", "gschemas.compiled")))

    # The folders compiled into the binaries are the Flatpak's.
    with open(os.path.join(WORK, "flatpak-build", "config.h")) as f:
        config = f.read()
    check("release: the game looks for translations in /app/share/locale",
          '#define LOCALEDIR "/app/share/locale"' in config, config)
    check("release: the game looks for AI plugins in /app/lib/critter-isle/ai",
          '#define PLUGINDIR "/app/lib/critter-isle/ai"' in config, config)
    rc, out = run([os.path.join(app, "bin", "critter-isle-cli"), "plugins", "--json"],
                  env=app_env(app, tmp, {"CRITTER_ISLE_PLUGIN_PATH": os.path.join(app, "lib", "critter-isle", "ai")}))
    try:
        listing = json.loads(out) if rc == 0 else {}
    except ValueError:
        listing = {}
    check("release: the installed CLI searches /app/lib/critter-isle/ai and the user's data folder",
          "/app/lib/critter-isle/ai" in listing.get("dirs", [])
          and os.path.join(tmp, "data", "critter-isle", "ai") in listing.get("dirs", []), out)
    check("release: the installed sample plugin loads",
          [p.get("id") for p in listing.get("plugins", [])] == ["plugin:sample"], out)

    # The manifest's cleanup keeps what the game needs.
    cleanup = manifest.get("cleanup", []) + module.get("cleanup", [])
    removed = [f for f in files if cleaned_up(f, cleanup)]
    kept = [f for f in files if f not in removed]
    check("release: the manifest's cleanup removes only the plugin API's header and pkg-config file",
          sorted(removed) == ["/include/critter-isle/isle-ai-plugin.h",
                              "/lib/pkgconfig/critter-isle-ai-plugin.pc"], removed)
    check("release: the cleanup keeps both binaries and the sample plugin",
          {"/bin/critter-isle", "/bin/critter-isle-cli",
           "/lib/critter-isle/ai/critter-isle-sample.so"} <= set(kept))

    # The desktop data at work in the staged tree.
    share = os.path.join(app, "share")
    gio = tool("gio", "libglib2.0-bin")
    if gio:
        named = os.path.join(tmp, "game.isle")
        unnamed = os.path.join(tmp, "saved-game")
        shutil.copy(SAVED_GAME, named)
        shutil.copy(SAVED_GAME, unnamed)
        for path, how in ((named, "by its extension"), (unnamed, "by its content, without the extension")):
            rc, out = run([gio, "info", "-a", "standard::content-type", path], env=app_env(app, tmp))
            check(f"a saved game is {MIME_TYPE} {how}",
                  rc == 0 and f"standard::content-type: {MIME_TYPE}" in out, out)
        rc, out = run([gio, "mime", MIME_TYPE], env=app_env(app, tmp))
        check(f"the staged desktop file is the default application for {MIME_TYPE}",
              rc == 0 and f"Default application for “{MIME_TYPE}”: {BASE_ID}.desktop" in out, out)
    appstreamcli = tool("appstreamcli", "appstream")
    if appstreamcli:
        rc, out = run([appstreamcli, "validate-tree", "--no-net", "--pedantic", app])
        bad = [l for l in out.splitlines() if l.lstrip().startswith(("W:", "E:"))]
        check("appstreamcli validate-tree --no-net --pedantic on the staged tree: no W: or E: lines",
              rc == 0 and not bad, out)

    # The installed game starts and draws, and opens a file given to it.
    start = os.path.join(tmp, "start.png")
    rc, out = start_app(app, tmp, start)
    check("the installed game starts with the staged schemas and draws its window",
          rc == 0 and os.path.isfile(start), out)
    check("the installed game prints no criticals or warnings",
          not any(w in out for w in ("CRITICAL", "-WARNING", "Settings schema")), out)
    opened = os.path.join(tmp, "opened.png")
    autosave = os.path.join(tmp, "autosave.isle")
    if os.path.exists(autosave):
        os.unlink(autosave)
    rc, out = start_app(app, tmp, opened, args=[os.path.join(tmp, "game.isle")])
    with open(SAVED_GAME) as f:
        saved = json.load(f)
    moves = saved["actions"][:saved["position"]]
    try:
        with open(autosave) as f:
            resumed = json.load(f)["actions"]
    except (OSError, ValueError):
        resumed = []
    check("the installed game opens the saved game given on its command line (Exec=critter-isle %F)",
          rc == 0 and os.path.isfile(opened) and resumed[:len(moves)] == moves and len(moves) > 0,
          out + f"\nautosave actions: {resumed}")
    try:
        check("the opened game is shown, not the start page",
              read_png(opened)[3] != read_png(start)[3])
    except (OSError, ValueError, zlib.error) as e:
        check("the screenshots can be read", False, str(e))
    return start


def test_devel(tmp, release_shot):
    stage = os.path.join(tmp, "stage-devel")
    with open(DEVEL_MANIFEST) as f:
        options = json.load(f)["modules"][-1].get("config-opts", [])
    check("development: the development manifest builds with -Ddevelopment=true",
          "-Ddevelopment=true" in options, options)
    app = build_and_stage("flatpak-build-devel", options, stage)
    if app is None:
        return
    flatpak_finish(app, tmp)
    check_staged(app, DEVEL_ID, "development")
    schemas = os.path.join(app, "share", "glib-2.0", "schemas")
    gsettings = tool("gsettings", "libglib2.0-bin")
    if gsettings:
        rc, out = run([gsettings, "--schemadir", schemas, "list-keys", DEVEL_ID])
        check("development: the compiled schema holds the ….Devel id with every key",
              rc == 0 and "window-width" in out.split() and "engines" in out.split(), out)
        rc, out = run([gsettings, "--schemadir", schemas, "list-schemas"])
        check("development: and not the release id (settings of its own)",
              rc == 0 and BASE_ID not in out.split(), out)
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(os.path.join(app, "share", "applications", DEVEL_ID + ".desktop"))
    check("development: the desktop file's icon is the ….Devel icon",
          desktop["Desktop Entry"].get("Icon") == DEVEL_ID)
    for validator, package, args, name in (
            ("desktop-file-validate", "desktop-file-utils",
             [os.path.join(app, "share", "applications", DEVEL_ID + ".desktop")], "desktop file"),
            ("appstreamcli", "appstream",
             ["validate", "--no-net", "--pedantic",
              os.path.join(app, "share", "metainfo", DEVEL_ID + ".metainfo.xml")], "metainfo")):
        path = tool(validator, package)
        if path:
            rc, out = run([path, *args])
            bad = [l for l in out.splitlines()
                   if l.lstrip().startswith(("W:", "E:")) or "error:" in l or "warning:" in l]
            check(f"development: {validator} passes on the ….Devel {name}", rc == 0 and not bad, out)
    shot = os.path.join(tmp, "devel.png")
    rc, out = start_app(app, tmp, shot)
    if check("development: the installed game starts and draws its window",
             rc == 0 and os.path.isfile(shot), out) and release_shot:
        try:
            devel, release = header_colours(shot), header_colours(release_shot)
        except (OSError, ValueError, zlib.error) as e:
            check("the screenshots can be read", False, str(e))
            return
        check("a release window's header bar is plain", len(release) == 1, release)
        check("a development window's header bar is striped (the devel style class)",
              len(devel) > 1 and devel != release, devel)


with tempfile.TemporaryDirectory(prefix="critter-isle-install-") as tmp:
    os.makedirs(WORK, exist_ok=True)
    shot = test_release(tmp)
    test_devel(tmp, shot)
finish()
