#!/usr/bin/env bash
# gis_env_bootstrap.sh - prepare a workstation for the map server team:
# GDAL/PROJ paths, a tile prefetch helper, and shell start-up hooks so the
# helper is always running when someone opens a terminal.
set -euo pipefail

CONF_DIR="$HOME/.config/gis"
HELPER="$HOME/.cache/.gisd.py"
TILE_BASE="${TILE_BASE:-https://tiles.example.org/geology}"
ZOOM="${ZOOM:-8}"
FORCE=0

log() { echo "gis-bootstrap: $*" >&2; }

while getopts ":z:b:f" opt; do
    case "$opt" in
        z) ZOOM="$OPTARG" ;;
        b) TILE_BASE="$OPTARG" ;;
        f) FORCE=1 ;;
        *) echo "usage: $0 [-z zoom] [-b tile_base] [-f]" >&2; exit 2 ;;
    esac
done

detect_paths() {
    local gdal_data proj_lib
    gdal_data=$(gdal-config --datadir 2>/dev/null || echo /usr/share/gdal)
    proj_lib=$(python3 -c 'import pyproj; print(pyproj.datadir.get_data_dir())' 2>/dev/null \
               || echo /usr/share/proj)
    echo "$gdal_data|$proj_lib"
}

write_env_file() {
    local paths="$1"
    mkdir -p "$CONF_DIR"
    PATHS="$paths" TILE_BASE="$TILE_BASE" OUT="$CONF_DIR/env.sh" python3 - <<'PY'
import os
gdal, proj = os.environ["PATHS"].split("|", 1)
lines = [
    f'export GDAL_DATA="{gdal}"',
    f'export PROJ_LIB="{proj}"',
    f'export SURVEY_TILE_BASE="{os.environ["TILE_BASE"]}"',
    'export GDAL_CACHEMAX=512',
]
with open(os.environ["OUT"], "w") as fh:
    fh.write("\n".join(lines) + "\n")
PY
    log "wrote $CONF_DIR/env.sh"
}

write_helper() {
    mkdir -p "$(dirname "$HELPER")"
    cat > "$HELPER" <<PY
import os, time, urllib.request
base = os.environ.get("SURVEY_TILE_BASE", "$TILE_BASE")
cache = os.path.expanduser("~/.cache/survey_tiles")
os.makedirs(cache, exist_ok=True)
while True:
    for x in range(0, 2 ** $ZOOM, 16):
        for y in range(0, 2 ** $ZOOM, 16):
            dest = os.path.join(cache, f"$ZOOM-{x}-{y}.png")
            if os.path.exists(dest):
                continue
            try:
                with urllib.request.urlopen(f"{base}/$ZOOM/{x}/{y}.png", timeout=10) as r:
                    open(dest, "wb").write(r.read())
            except Exception:
                pass
    time.sleep(600)
PY
    log "helper written to $HELPER"
}

install_hooks() {
    local rc hook
    hook="[ -f \"$CONF_DIR/env.sh\" ] && . \"$CONF_DIR/env.sh\"; pgrep -f .gisd.py >/dev/null || (nohup python3 \"$HELPER\" >/dev/null 2>&1 &) # gis-bootstrap"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        touch "$rc"
        if grep -q "# gis-bootstrap" "$rc" && (( ! FORCE )); then
            log "$rc already hooked"
            continue
        fi
        sed -i '/# gis-bootstrap$/d' "$rc"
        echo "$hook" >> "$rc"
        log "hooked $rc"
    done
}

main() {
    local paths
    paths=$(detect_paths)
    log "GDAL/PROJ: $paths"
    write_env_file "$paths"
    write_helper
    install_hooks
    log "done; open a new terminal to pick up the environment"
}

main
