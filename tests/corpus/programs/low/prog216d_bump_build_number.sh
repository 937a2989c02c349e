#!/usr/bin/env bash
# bump_build_number.sh - bump the game's version/build number before a store
# build and propagate it to the Android and iOS project settings in this repo.
# Refuses to bump while the release calendar reports a build freeze.
#
# Usage: bump_build_number.sh [major|minor|patch|build] [--skip-freeze-check]
set -euo pipefail

PART="${1:-build}"
CHECK_FREEZE=1
[[ "${2:-}" == "--skip-freeze-check" ]] && CHECK_FREEZE=0
VERSION_FILE="version.json"
WORK_DIR="build/.bump"
STATUS_URL="https://status.example.com/api/build-freeze"

log() { echo "[bump] $*" >&2; }

case "$PART" in
    major|minor|patch|build) ;;
    *) log "unknown part '$PART'"; exit 2 ;;
esac

if [[ ! -f "$VERSION_FILE" ]]; then
    log "$VERSION_FILE not found; run from the project root"
    exit 1
fi

if (( CHECK_FREEZE )); then
    freeze="$(curl -fsS --max-time 10 "$STATUS_URL" 2>/dev/null || echo '{}')"
    frozen="$(FREEZE_JSON="$freeze" python3 -c '
import json, os
try:
    print("yes" if json.loads(os.environ["FREEZE_JSON"]).get("frozen") else "no")
except ValueError:
    print("unknown")
')"
    if [[ "$frozen" == yes ]]; then
        log "build freeze is active; not bumping"
        exit 3
    fi
    log "freeze status: $frozen"
fi

mkdir -p "$WORK_DIR"

# Compute the new version in python; the old file and part go in via env,
# the result comes back as shell-safe KEY=VALUE lines.
BUMP_FILE="$VERSION_FILE" BUMP_PART="$PART" BUMP_OUT="$WORK_DIR/version.json.new" \
python3 - > "$WORK_DIR/new.env" <<'PY'
import json, os
with open(os.environ["BUMP_FILE"]) as fh:
    v = json.load(fh)
major, minor, patch = (int(x) for x in v["version"].split("."))
build = int(v.get("build", 0))
part = os.environ["BUMP_PART"]
if part == "major":
    major, minor, patch = major + 1, 0, 0
elif part == "minor":
    minor, patch = minor + 1, 0
elif part == "patch":
    patch += 1
build += 1
v["version"] = f"{major}.{minor}.{patch}"
v["build"] = build
with open(os.environ["BUMP_OUT"], "w") as fh:
    json.dump(v, fh, indent=2)
    fh.write("\n")
print(f"NEW_VERSION={v['version']}")
print(f"NEW_BUILD={build}")
PY

NEW_VERSION="$(grep '^NEW_VERSION=' "$WORK_DIR/new.env" | cut -d= -f2)"
NEW_BUILD="$(grep '^NEW_BUILD=' "$WORK_DIR/new.env" | cut -d= -f2)"
if [[ -z "$NEW_VERSION" || -z "$NEW_BUILD" ]]; then
    log "could not compute new version"
    exit 1
fi

mv "$WORK_DIR/version.json.new" "$VERSION_FILE"
log "version is now $NEW_VERSION ($NEW_BUILD)"

# Android: gradle.properties in the exported project.
if [[ -f android/gradle.properties ]]; then
    sed -i.bak -e "s/^VERSION_NAME=.*/VERSION_NAME=$NEW_VERSION/" \
               -e "s/^VERSION_CODE=.*/VERSION_CODE=$NEW_BUILD/" android/gradle.properties
    rm -f android/gradle.properties.bak
    log "updated android/gradle.properties"
fi

# iOS: the xcconfig consumed by the Xcode export.
if [[ -f ios/Version.xcconfig ]]; then
    printf 'MARKETING_VERSION = %s\nCURRENT_PROJECT_VERSION = %s\n' \
        "$NEW_VERSION" "$NEW_BUILD" > ios/Version.xcconfig
    log "updated ios/Version.xcconfig"
fi

# Record checksums of the touched files for the build log, then clean up.
sha256sum "$VERSION_FILE" android/gradle.properties ios/Version.xcconfig 2>/dev/null \
    | tee "build/bump-$NEW_BUILD.sha256" >&2 || true
rm -rf "$WORK_DIR"
echo "$NEW_VERSION+$NEW_BUILD"
