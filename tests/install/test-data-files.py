#!/usr/bin/env python3
"""The desktop data as this build made it, through the validators a
software centre, a distribution and Flathub run, and checked against each
other (issue 8). Prints TAP.

- desktop-file-validate on the .desktop file; its Exec, Icon, MimeType,
  categories; DBusActivatable=true with the D-Bus service file built for
  this app id, and no X-GNOME-SingleWindow (the editor is a second window);
- appstreamcli validate --no-net --pedantic on the metainfo: no W: or E:
  line (infos and pedantic notes are allowed); its id, launchable, provides,
  translation domain; and Flathub's rules (issue 20): a summary of at most
  35 characters; 1 to 8 screenshots, each with a caption, each URL pinned to
  the release's tag (never a branch), each picture in data/screenshots and
  within 1000 x 700; a release with notes whose version is the project's and
  is in NEWS; brand colours for light and dark that contrast at least 3:1
  (WCAG) with the main colours of the app icon; homepage, bug tracker and
  repository URLs of the repository the io.github app id names;
- COPYING: the full GPL-3.0 text (the licence meson.build declares);
- glib-compile-schemas --strict on the schema built for this app id;
- xmllint on the MIME type XML; its type, glob and icon;
- flatpak-builder --show-manifest on both Flatpak manifests; the GNOME
  runtime RUNTIME_VERSION, permissions (no file system access), the project
  as a meson module: the release's from the git tag vVERSION and its commit
  (40 hex digits, the tag's own once the repository has the tag), the
  development one from this checkout under the .Devel id.

A missing tool is a failure that names the Debian package to install
(build-aux/dev installs them all), never a skip.

usage: test-data-files.py SOURCE_ROOT DATA_BUILD_DIR APP_ID VERSION GETTEXT_DOMAIN
"""
import configparser
import json
import os
import re
import shutil
import struct
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
# The repository the app id names (io.github.critterisle.CritterIsle):
# Flathub's linter checks that an io.github id's last parts are its homepage.
REPOSITORY = "https://github.com/critterisle/CritterIsle"
# Screenshots are pinned to the release's tag, so what a software centre
# shows of a release never changes under it.
SCREENSHOT_URL = f"https://raw.githubusercontent.com/critterisle/CritterIsle/v{VERSION}/data/screenshots/"
MANIFEST = os.path.join(SOURCE, "flatpak", BASE_ID + ".json")
DEVEL_MANIFEST = os.path.join(SOURCE, "flatpak", BASE_ID + ".Devel.json")
# The GNOME runtime both manifests build on: the newest that Flathub's own
# GNOME games use (README.md, "Flatpak", says how to move to the next).
RUNTIME_VERSION = "50"
# Flathub's limits (its quality guidelines and linter).
SUMMARY_MAX = 35
SCREENSHOTS_MAX = 8
SCREENSHOT_MAX_SIZE = (1000, 700)
CONTRAST_MIN = 3.0
ICON = os.path.join(SOURCE, "data", "icons", "hicolor", "scalable", "apps", BASE_ID + ".svg")
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
check("desktop: DBusActivatable=true (started by the session bus, as a GApplication service)",
      entry.get("DBusActivatable") == "true", entry.get("DBusActivatable"))
check("desktop: no X-GNOME-SingleWindow (the editor opens a second kind of window)",
      "X-GNOME-SingleWindow" not in entry, dict(entry))
service_path = os.path.join(DATA, APP_ID + ".service")
if check("D-Bus: the service file for the app id is built", os.path.isfile(service_path)):
    service = configparser.ConfigParser(interpolation=None)
    service.optionxform = str
    service.read(service_path, encoding="utf-8")
    section = service["D-BUS Service"] if service.has_section("D-BUS Service") else {}
    check("D-Bus: the service's Name is the app id", section.get("Name") == APP_ID, dict(section))
    exec_line = section.get("Exec", "")
    check("D-Bus: Exec starts the installed game as a GApplication service",
          os.path.isabs(exec_line.split(" ")[0]) and exec_line.endswith("/critter-isle --gapplication-service"),
          exec_line)
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
summary = (root.findtext("summary") or "").strip()
check(f"metainfo: a summary of at most {SUMMARY_MAX} characters (Flathub)",
      0 < len(summary) <= SUMMARY_MAX, f"{len(summary)} characters: {summary!r}")


def png_size(path):
    """(width, height) from a PNG's IHDR."""
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path}: not a PNG file")
    return struct.unpack(">II", head[16:24])


shots = root.findall("screenshots/screenshot")
urls = [s.findtext("image", "").strip() for s in shots]
names = [u[len(SCREENSHOT_URL):] for u in urls if u.startswith(SCREENSHOT_URL)]
shot_dir = os.path.join(SOURCE, "data", "screenshots")
pictures = sorted(f for f in os.listdir(shot_dir) if f.endswith(".png"))
check(f"metainfo: 1 to {SCREENSHOTS_MAX} screenshots (Flathub)",
      1 <= len(shots) <= SCREENSHOTS_MAX, len(shots))
check(f"metainfo: every screenshot URL is pinned to the release's tag ({SCREENSHOT_URL})",
      len(names) == len(urls) and len(urls) > 0 and all("/" not in n for n in names), urls)
check("metainfo: no screenshot URL follows a branch",
      not any(re.search(r"/(main|master|HEAD|trunk|develop)/", u) for u in urls), urls)
check("metainfo: every picture in data/screenshots/ is shown, once",
      sorted(names) == pictures, f"{sorted(names)} != {pictures}")
for name in names:
    path = os.path.join(shot_dir, name)
    try:
        width, height = png_size(path)
    except (OSError, ValueError) as e:
        check(f"screenshot {name}: a PNG in data/screenshots/", False, str(e))
        continue
    check(f"screenshot {name}: {width} x {height}, within {SCREENSHOT_MAX_SIZE[0]} x {SCREENSHOT_MAX_SIZE[1]}",
          width <= SCREENSHOT_MAX_SIZE[0] and height <= SCREENSHOT_MAX_SIZE[1])
check("metainfo: every screenshot has a caption",
      all((s.findtext("caption") or "").strip() for s in shots))
check("metainfo: exactly one default screenshot, the first",
      [s.get("type") for s in shots].count("default") == 1 and shots[0].get("type") == "default")


def words(element):
    """The untranslated text of ELEMENT and everything in it, its white
    space folded (the merged metainfo holds each translation beside it,
    with xml:lang)."""
    if element is None:
        return ""
    parts = [element.text or ""]
    for child in element:
        if child.get("{http://www.w3.org/XML/1998/namespace}lang") is None:
            parts.append(words(child))
        parts.append(child.tail or "")
    return " ".join(" ".join(parts).split())


release = root.find("releases/release")
notes = words(release.find("description")) if release is not None else ""
check(f"metainfo: the newest release is the project's version ({VERSION}), dated",
      release is not None and release.get("version") == VERSION
      and re.fullmatch(r"\d{4}-\d{2}-\d{2}", release.get("date") or ""),
      None if release is None else release.attrib)
check("metainfo: the release has notes", len(notes) > 20, notes)
try:
    with open(os.path.join(SOURCE, "NEWS"), encoding="utf-8") as f:
        news = f.read()
except OSError as e:
    news = ""
    check("NEWS is in the source tree", False, str(e))
first = re.search(r"^Critter Isle (\S+) \((\d{4}-\d{2}-\d{2})\)$", news, re.M)
check(f"NEWS: its newest entry is Critter Isle {VERSION}, of the release's date",
      first is not None and first.group(1) == VERSION
      and release is not None and first.group(2) == release.get("date"),
      first.group(0) if first else news[:200])
check("NEWS: the release's notes are in it", notes != "" and notes in " ".join(news.split()), notes)

url_of = {u.get("type"): (u.text or "").strip() for u in root.findall("url")}
check(f"metainfo: homepage, bug tracker and repository are {REPOSITORY} (the app id's)",
      url_of.get("homepage") == REPOSITORY and url_of.get("bugtracker") == REPOSITORY + "/issues"
      and url_of.get("vcs-browser") == REPOSITORY, url_of)
check("the app id's last parts are the repository's owner and name",
      REPOSITORY.split("/")[-2:] == BASE_ID.split(".")[2:4])


def luminance(colour):
    """WCAG relative luminance of #rrggbb."""
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# The icon's main colours: those of its face, the large shape drawn on top
# of the others (the sea around the island; the rim below it shows only as
# a thin edge).
SVG = "{http://www.w3.org/2000/svg}"
icon = ET.parse(ICON).getroot()


def area(shape):
    try:
        return float(shape.get("width", 0)) * float(shape.get("height", 0))
    except ValueError:
        return 0


rects = list(icon.iter(SVG + "rect"))
largest = [r for r in rects if area(r) >= 0.8 * max(map(area, rects))][-1]
gradient = re.fullmatch(r"url\(#(.+)\)", largest.get("fill", ""))
stops = []
if gradient:
    for g in icon.iter():
        if g.get("id") == gradient.group(1):
            stops = [st.get("stop-color") for st in g.iter(SVG + "stop")]
else:
    stops = [largest.get("fill")]
check("icon: its main colours are read (the fill of its largest shape)",
      len(stops) > 0 and all(re.fullmatch(r"#[0-9a-fA-F]{6}", c or "") for c in stops), stops)
brand = {c.get("scheme_preference"): (c.text or "").strip() for c in root.iterfind("branding/color")
         if c.get("type") == "primary"}
check("metainfo: branding colours for light and dark", sorted(brand) == ["dark", "light"], brand)
for scheme, colour in sorted(brand.items()):
    if re.fullmatch(r"#[0-9a-fA-F]{6}", colour) and stops:
        ratios = [contrast(colour, c) for c in stops]
        check(f"branding: the {scheme} colour {colour} contrasts at least {CONTRAST_MIN}:1 "
              f"with the icon's {', '.join(stops)} ({', '.join(f'{r:.2f}' for r in ratios)})",
              min(ratios) >= CONTRAST_MIN)
    else:
        check(f"branding: the {scheme} colour is #rrggbb", False, colour)

# The licence.
try:
    with open(os.path.join(SOURCE, "COPYING"), encoding="utf-8") as f:
        licence = f.read()
except OSError as e:
    licence = ""
check("COPYING holds the full text of the GNU GPL version 3 (meson.build: GPL-3.0-or-later)",
      "GNU GENERAL PUBLIC LICENSE" in licence and "Version 3, 29 June 2007" in licence
      and "END OF TERMS AND CONDITIONS" in licence and len(licence) > 30000, len(licence))
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
developer = root.find("developer")
check("metainfo: developer with an id and a name",
      developer is not None and developer.get("id") and developer.findtext("name"))
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

# The Flatpak manifests.
FINISH_ARGS = ["--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"]


def show_manifest(path, label):
    """The manifest as flatpak-builder reads it, or {} when it does not."""
    with tempfile.TemporaryDirectory() as tmp:
        # flatpak-builder leaves a .flatpak-builder folder where it runs.
        r = run("flatpak-builder", "--show-manifest", path, cwd=tmp)
    if not r:
        return {}
    check(f"{label}: flatpak-builder --show-manifest parses it", r[0] == 0, r[1])
    try:
        return json.loads(r[1])
    except ValueError as e:
        check(f"{label}: flatpak-builder --show-manifest prints JSON", False, f"{e}\n{r[1]}")
        return {}


def check_common(manifest, label, app_id):
    check(f"{label}: the app id {app_id}, started as critter-isle",
          manifest.get("id") == app_id and manifest.get("command") == "critter-isle",
          (manifest.get("id"), manifest.get("command")))
    check(f"{label}: the GNOME {RUNTIME_VERSION} runtime and SDK",
          manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk"
          and manifest.get("runtime-version") == RUNTIME_VERSION, manifest.get("runtime-version"))
    args = manifest.get("finish-args", [])
    check(f"{label}: a game's permissions (ipc, wayland, fallback-x11, dri)",
          sorted(args) == sorted(FINISH_ARGS), args)
    check(f"{label}: no file system or network access (files go through the portal)",
          not any(a.startswith(("--filesystem", "--share=network", "--socket=x11")) for a in args))
    module = (manifest.get("modules") or [{}])[-1]
    check(f"{label}: the project is the last module, built with meson",
          module.get("name") == "critter-isle" and module.get("buildsystem") == "meson", module)
    return module


manifest = show_manifest(MANIFEST, "flatpak (release)")
if manifest:
    module = check_common(manifest, "flatpak (release)", BASE_ID)
    sources = module.get("sources", [])
    source = sources[0] if len(sources) == 1 else {}
    check(f"flatpak (release): the source is the git tag v{VERSION} of {REPOSITORY} (Flathub refuses dir sources)",
          source.get("type") == "git" and source.get("url") == REPOSITORY + ".git"
          and source.get("tag") == f"v{VERSION}", sources)
    commit = source.get("commit", "")
    check("flatpak (release): with the tag's commit, 40 hex digits",
          re.fullmatch(r"[0-9a-f]{40}", commit or "") is not None, commit)
    check("flatpak (release): config-opts do not make the development build",
          "-Ddevelopment=true" not in module.get("config-opts", []), module.get("config-opts"))
    git = shutil.which("git")
    tagged = None
    if git and os.path.exists(os.path.join(SOURCE, ".git")):
        p = subprocess.run([git, "-C", SOURCE, "rev-parse", "-q", "--verify", f"refs/tags/v{VERSION}^{{commit}}"],
                           capture_output=True, text=True)
        tagged = p.stdout.strip() if p.returncode == 0 else None
    head = None
    if tagged:
        p = subprocess.run([git, "-C", SOURCE, "rev-parse", "-q", "--verify", "HEAD"],
                           capture_output=True, text=True)
        head = p.stdout.strip() if p.returncode == 0 else None
    if tagged and head == tagged and commit != tagged:
        # The tagged commit cannot hold its own hash: the commit after the
        # tag fills it in, and the check below holds it there.
        check(f"flatpak (release): this checkout is the tag v{VERSION} itself, "
              "whose manifest cannot name its own commit", True)
    elif tagged:
        check(f"flatpak (release): the commit is the one the tag v{VERSION} names ({tagged})",
              commit == tagged, commit)
    else:
        # Before the release is tagged the commit is a placeholder; once
        # the tag exists here, the check above holds it to the tag's.
        check(f"flatpak (release): the tag v{VERSION} is not in this repository yet, "
              "so its commit is not compared", True)

manifest = show_manifest(DEVEL_MANIFEST, "flatpak (development)")
if manifest:
    module = check_common(manifest, "flatpak (development)", BASE_ID + ".Devel")
    check("flatpak (development): built with -Ddevelopment=true (the ….Devel id in every file)",
          "-Ddevelopment=true" in module.get("config-opts", []), module.get("config-opts"))
    sources = module.get("sources", [])
    check("flatpak (development): built from this checkout (a dir source)",
          len(sources) == 1 and sources[0].get("type") == "dir"
          and os.path.realpath(os.path.join(os.path.dirname(DEVEL_MANIFEST), sources[0].get("path", "")))
          == os.path.realpath(SOURCE), sources)
    skipped = set(sources[0].get("skip", [])) if sources else set()
    check("flatpak (development): the build folders of the checkout are not copied into the build",
          {"build", "build-asan", "build-trixie", "build-flatpak", ".flatpak-builder"} <= skipped, skipped)

finish()
