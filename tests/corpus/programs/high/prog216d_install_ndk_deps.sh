#!/usr/bin/env bash
# install_ndk_deps.sh - install the system packages an Android NDK / Unity IL2CPP
# build needs on a fresh Ubuntu build agent. Package list comes from
# ci/build-deps.json so it is versioned with the game project.
#
# Usage: install_ndk_deps.sh [-f deps.json] [-g group]... [-n]
set -euo pipefail

DEPS_FILE="ci/build-deps.json"
DEP_GROUPS=()
DRY_RUN=0
STAGE_DIR="build/agent-setup"
SCRIPT="$STAGE_DIR/install-packages.sh"

log() { echo "[ndk-deps] $(date +%T) $*" >&2; }

while getopts ":f:g:nh" opt; do
    case "$opt" in
        f) DEPS_FILE="$OPTARG" ;;
        g) DEP_GROUPS+=("$OPTARG") ;;
        n) DRY_RUN=1 ;;
        h|*) echo "usage: $0 [-f deps.json] [-g group]... [-n]" >&2; exit 2 ;;
    esac
done

if [[ ! -f "$DEPS_FILE" ]]; then
    log "dependency file $DEPS_FILE not found"
    exit 1
fi
(( ${#DEP_GROUPS[@]} )) || DEP_GROUPS=(base ndk il2cpp)

# Resolve the selected groups to a flat, de-duplicated package list.
packages="$(DEPS_PATH="$DEPS_FILE" DEPS_GROUPS="${DEP_GROUPS[*]}" python3 - <<'PY'
import json, os, sys
with open(os.environ["DEPS_PATH"]) as fh:
    data = json.load(fh)
seen = []
for group in os.environ["DEPS_GROUPS"].split():
    if group not in data:
        print(f"unknown group: {group}", file=sys.stderr)
        continue
    for pkg in data[group]:
        if pkg not in seen and all(c.isalnum() or c in "+-.:" for c in pkg):
            seen.append(pkg)
print(" ".join(seen))
PY
)"

if [[ -z "$packages" ]]; then
    log "no packages selected"
    exit 0
fi

missing=()
for pkg in $packages; do
    if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        continue
    fi
    missing+=("$pkg")
done

log "${#missing[@]} of $(wc -w <<< "$packages") packages need installing"
if (( ${#missing[@]} == 0 )); then
    exit 0
fi

mkdir -p "$STAGE_DIR"
cat > "$SCRIPT" <<EOF
#!/bin/bash
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y --no-install-recommends ${missing[*]}
apt-get clean
EOF
chmod 0700 "$SCRIPT"
log "install script staged at $SCRIPT"

if (( DRY_RUN )); then
    cat "$SCRIPT"
    exit 0
fi

if [[ $EUID -eq 0 ]]; then
    bash "$SCRIPT"
else
    log "elevating with sudo"
    sudo bash "$SCRIPT"
fi

log "verifying toolchain binaries"
for bin in clang cmake ninja; do
    if command -v "$bin" >/dev/null; then
        log "  $bin: $("$bin" --version | head -n1)"
    else
        log "  $bin: not on PATH"
    fi
done
