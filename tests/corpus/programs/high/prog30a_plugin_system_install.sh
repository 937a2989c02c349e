#!/usr/bin/env bash
# plugin_system_install.sh -- build every plugin under ./plugins and install
# them into the distribution Python used by the hostagent service, then
# register them in the agent's plugin registry inside dist-packages.
#
#   ./scripts/plugin_system_install.sh [--only NAME]... [--dry-run]
set -euo pipefail

PLUGINS_DIR="plugins"
BUILD_DIR="build/plugin-wheels"
SYS_PY="/usr/bin/python3"
SITE_DIR="/usr/lib/python3/dist-packages"
REGISTRY="$SITE_DIR/hostagent/plugins.json"
DRY_RUN=0
ONLY=()

say() { echo ">> $*"; }
run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "[dry-run] $*"
    else
        "$@"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --only) ONLY+=("$2"); shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    command -v sudo >/dev/null || { echo "sudo is required" >&2; exit 1; }
else
    SUDO=""
fi

[[ -d "$SITE_DIR/hostagent" ]] || { echo "hostagent is not installed in $SITE_DIR" >&2; exit 1; }

wanted() {
    local name=$1
    [[ ${#ONLY[@]} -eq 0 ]] && return 0
    local o
    for o in "${ONLY[@]}"; do [[ "$o" == "$name" ]] && return 0; done
    return 1
}

build_plugins() {
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    local dir name
    for dir in "$PLUGINS_DIR"/*/; do
        name=$(basename "$dir")
        wanted "$name" || continue
        [[ -f "$dir/pyproject.toml" ]] || { say "skipping $name (no pyproject.toml)"; continue; }
        say "building $name"
        "$SYS_PY" -m pip wheel --no-deps --quiet -w "$BUILD_DIR" "$dir"
    done
}

install_plugins() {
    shopt -s nullglob
    local wheels=("$BUILD_DIR"/*.whl)
    [[ ${#wheels[@]} -gt 0 ]] || { echo "nothing to install" >&2; exit 1; }
    say "installing ${#wheels[@]} plugin wheel(s) system-wide"
    run $SUDO -H "$SYS_PY" -m pip install --break-system-packages \
        --no-warn-script-location --force-reinstall --no-deps "${wheels[@]}"
}

update_registry() {
    local tmp
    tmp=$(mktemp)
    "$SYS_PY" - "$BUILD_DIR" "$REGISTRY" > "$tmp" <<'PY'
import json, pathlib, sys
build, registry = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
data = json.loads(registry.read_text()) if registry.exists() else {"plugins": {}}
for whl in sorted(build.glob("*.whl")):
    name, version = whl.name.split("-")[:2]
    data["plugins"][name] = {"version": version, "enabled": True}
print(json.dumps(data, indent=2, sort_keys=True))
PY
    say "updating $REGISTRY"
    run $SUDO install -o root -g root -m 0644 "$tmp" "$REGISTRY"
    rm -f "$tmp"
}

restart_hint() {
    say "plugins installed; restart the agent with: systemctl restart hostagent"
}

build_plugins
install_plugins
update_registry
restart_hint
