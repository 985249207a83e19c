#!/usr/bin/env python3
"""The desktop data as this build made it, through the validators a
software centre, a distribution and Flathub run, and checked against each
other (issue 8). Prints TAP.

- desktop-file-validate on the .desktop file; its Exec, Icon, MimeType,
  categories; DBusActivatable only with a D-Bus service file;
- appstreamcli validate --no-net --pedantic on the metainfo: no W: or E:
  line (infos and pedantic notes are allowed); its id, launchable, release
  (the project's version), screenshots (every picture in data/screenshots,
  each with a caption), provides, translation domain, branding;
- glib-compile-schemas --strict on the schema built for this app id;
- xmllint on the MIME type XML; its type, glob and icon;
- flatpak-builder --show-manifest on the Flatpak manifest; its runtime,
  permissions (no file system access) and the project as a meson module.

A missing tool is a failure that names the Debian package to install
(build-aux/dev installs them all), never a skip.

usage: test-data-files.py SOURCE_ROOT DATA_BUILD_DIR APP_ID VERSION GETTEXT_DOMAIN
"""
import configparser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# The TAP reporting the Python tests share (tests/tools/tap.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from tap import check, finish  # noqa: E402

SOURCE, DATA, APP_ID, VERSION, DOMAIN = sys.argv[1:6]
BASE_ID = "io.github.critterisle.CritterIsle"
MIME_TYPE = "application/x-critter-isle"
SCREENSHOT_URL = "https://raw.githubusercontent.com/critterisle/critter-isle/main/data/screenshots/"
MANIFEST = os.path.join(SOURCE, "flatpak", BASE_ID + ".json")
PACKAGE_OF = {
    "desktop-file-validate": "desktop-file-utils",
    "appstreamcli": "appstream",
    "glib-compile-schemas": "libglib2.0-bin",
    "xmllint": "libxml2-utils",
    "flatpak-builder": "flatpak-builder",
}


def run(tool, *args, cwd=None):
    """(returncode, stdout + stderr) of TOOL, or None when it is missing
    (which is reported as a failing test)."""
    if shutil.which(tool) is None:
        check(f"{tool} is installed", False,
              f"{tool} not found: install the Debian package {PACKAGE_OF[tool]} "
              "(build-aux/dev test installs it)")
        return None
    p = subprocess.run([tool, *args], capture_output=True, text=True, cwd=cwd,
                       env={**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": "C"}, timeout=120)
    return p.returncode, p.stdout + p.stderr


def read_desktop(path):
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


desktop_path = os.path.join(DATA, APP_ID + ".desktop")
metainfo_path = os.path.join(DATA, APP_ID + ".metainfo.xml")
schema_path = os.path.join(DATA, APP_ID + ".gschema.xml")
mime_path = os.path.join(DATA, APP_ID + ".xml")

# The desktop file.
r = run("desktop-file-validate", desktop_path)
if r:
    bad = [l for l in r[1].splitlines() if "error:" in l or "warning:" in l]
    check("desktop-file-validate: no errors or warnings", r[0] == 0 and not bad, r[1])
entry = read_desktop(desktop_path)
check("desktop: Exec=critter-isle %F (the app opens the files it is given)",
      entry.get("Exec") == "critter-isle %F", entry.get("Exec"))
check("desktop: Icon is the app id", entry.get("Icon") == APP_ID, entry.get("Icon"))
check("desktop: MimeType=application/x-critter-isle;",
      entry.get("MimeType") == MIME_TYPE + ";", entry.get("MimeType"))
check("desktop: Categories=Game;BoardGame;", entry.get("Categories") == "Game;BoardGame;",
      entry.get("Categories"))
check("desktop: StartupNotify=true, Terminal=false",
      entry.get("StartupNotify") == "true" and entry.get("Terminal") == "false")
check("desktop: no DBusActivatable (no D-Bus service file is installed)",
      entry.get("DBusActivatable", "false") == "false")
check("desktop: Name, Comment and Keywords are there",
      all(entry.get(k) for k in ("Name", "Comment", "Keywords")))

# The metainfo.
r = run("appstreamcli", "validate", "--no-net", "--pedantic", metainfo_path)
if r:
    bad = [l for l in r[1].splitlines() if l.lstrip().startswith(("W:", "E:"))]
    check("appstreamcli validate --no-net --pedantic: passes with no W: or E: lines",
          r[0] == 0 and not bad, r[1])
root = ET.parse(metainfo_path).getroot()
check("metainfo: id is the app id", root.findtext("id") == APP_ID, root.findtext("id"))
launchable = root.find("launchable")
check("metainfo: launchable is the desktop file",
      launchable is not None and launchable.get("type") == "desktop-id"
      and launchable.text == APP_ID + ".desktop")
releases = [rel.get("version") for rel in root.iter("release")]
check(f"metainfo: the newest release is the project's version ({VERSION})",
      releases[:1] == [VERSION], releases)
shots = root.findall("screenshots/screenshot")
urls = [s.findtext("image", "").strip() for s in shots]
names = [u[len(SCREENSHOT_URL):] for u in urls if u.startswith(SCREENSHOT_URL)]
pictures = sorted(f for f in os.listdir(os.path.join(SOURCE, "data", "screenshots"))
                  if f.endswith(".png"))
check("metainfo: screenshots are https URLs of data/screenshots/ in the repository",
      len(names) == len(urls) and len(urls) > 0, urls)
check("metainfo: every picture in data/screenshots/ is shown, once",
      sorted(names) == pictures, f"{sorted(names)} != {pictures}")
check("metainfo: every screenshot has a caption",
      all((s.findtext("caption") or "").strip() for s in shots))
check("metainfo: exactly one default screenshot, the first",
      [s.get("type") for s in shots].count("default") == 1 and shots[0].get("type") == "default")
provides = root.find("provides")
binaries = sorted(b.text for b in provides.findall("binary")) if provides is not None else []
mediatypes = [m.text for m in provides.findall("mediatype")] if provides is not None else []
check("metainfo: provides both binaries", binaries == ["critter-isle", "critter-isle-cli"], binaries)
check("metainfo: provides the .isle MIME type", mediatypes == [MIME_TYPE], mediatypes)
translation = root.find("translation")
check(f"metainfo: translation is the gettext domain {DOMAIN}",
      translation is not None and translation.get("type") == "gettext" and translation.text == DOMAIN)
rating = root.find("content_rating")
check("metainfo: OARS content rating", rating is not None and rating.get("type") == "oars-1.1")
schemes = sorted(c.get("scheme_preference") for c in root.iterfind("branding/color")
                 if c.get("type") == "primary")
check("metainfo: branding colours for light and dark", schemes == ["dark", "light"], schemes)
developer = root.find("developer")
check("metainfo: developer with an id and a name",
      developer is not None and developer.get("id") and developer.findtext("name"))
url_types = sorted(u.get("type") for u in root.findall("url"))
check("metainfo: homepage and bug tracker URLs",
      "homepage" in url_types and "bugtracker" in url_types, url_types)
categories = [c.text for c in root.iterfind("categories/category")]
check("metainfo: categories Game, BoardGame", categories == ["Game", "BoardGame"], categories)
check("metainfo: keywords", len(root.findall("keywords/keyword")) > 0)

# The settings schema built for this app id.
r = run("glib-compile-schemas", "--strict", "--dry-run", DATA)
if r:
    check("glib-compile-schemas --strict: the built schema compiles", r[0] == 0 and not r[1].strip(), r[1])
schema = ET.parse(schema_path).getroot().find("schema")
check("schema: id is the app id and the path follows it",
      schema.get("id") == APP_ID and schema.get("path") == "/" + APP_ID.replace(".", "/") + "/",
      f"{schema.get('id')} {schema.get('path')}")
check("schema: one per build folder (the compiled file holds this app id only)",
      sorted(f for f in os.listdir(DATA) if f.endswith(".gschema.xml")) == [APP_ID + ".gschema.xml"])

# The MIME type.
r = run("xmllint", "--noout", mime_path)
if r:
    check("xmllint: the MIME type XML is well formed", r[0] == 0 and not r[1].strip(), r[1])
SMI = "{http://www.freedesktop.org/standards/shared-mime-info}"
mime = ET.parse(mime_path).getroot().find(SMI + "mime-type")
check("MIME: application/x-critter-isle for *.isle",
      mime.get("type") == MIME_TYPE and [g.get("pattern") for g in mime.findall(SMI + "glob")] == ["*.isle"])
icon = mime.find(SMI + "icon")
check("MIME: the file icon is the app icon (exported by Flatpak with the app id)",
      icon is not None and icon.get("name") == APP_ID)
check("MIME: a magic that finds saved games without the extension",
      mime.find(SMI + "magic") is not None)

# The Flatpak manifest.
with tempfile.TemporaryDirectory() as tmp:
    # flatpak-builder leaves a .flatpak-builder folder where it runs.
    r = run("flatpak-builder", "--show-manifest", MANIFEST, cwd=tmp)
if r:
    check("flatpak-builder --show-manifest: the manifest parses", r[0] == 0, r[1])
    try:
        manifest = json.loads(r[1])
    except ValueError as e:
        manifest = {}
        check("flatpak-builder --show-manifest prints JSON", False, f"{e}\n{r[1]}")
    check("flatpak: the release app id, started as critter-isle",
          manifest.get("id") == BASE_ID and manifest.get("command") == "critter-isle")
    check("flatpak: the GNOME runtime and SDK",
          manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk"
          and manifest.get("runtime-version"))
    args = manifest.get("finish-args", [])
    check("flatpak: a game's permissions (ipc, wayland, fallback-x11, dri)",
          sorted(args) == sorted(["--share=ipc", "--socket=wayland", "--socket=fallback-x11",
                                  "--device=dri"]), args)
    check("flatpak: no file system or network access (files go through the portal)",
          not any(a.startswith(("--filesystem", "--share=network", "--socket=x11")) for a in args))
    module = (manifest.get("modules") or [{}])[-1]
    sources = module.get("sources", [])
    check("flatpak: the project is a meson module built from this checkout",
          module.get("name") == "critter-isle" and module.get("buildsystem") == "meson"
          and len(sources) == 1 and sources[0].get("type") == "dir"
          and os.path.realpath(os.path.join(os.path.dirname(MANIFEST), sources[0].get("path", "")))
          == os.path.realpath(SOURCE), module)
    skipped = set(sources[0].get("skip", [])) if sources else set()
    check("flatpak: the build folders of the checkout are not copied into the build",
          {"build", "build-asan", "build-flatpak", ".flatpak-builder"} <= skipped, skipped)

finish()
