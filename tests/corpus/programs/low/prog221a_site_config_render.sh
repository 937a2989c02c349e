#!/usr/bin/env bash
# site_config_render.sh - render per-site eNodeB/gNodeB parameter files from
# a template and a site plan CSV. Output goes to ./rendered/, a manifest with
# base64-encoded copies of each file is written for the review tool.
#
# Usage: site_config_render.sh -p PLAN.csv -t TEMPLATE [-k]   (-k keep ./build)
set -euo pipefail

PLAN=""
TEMPLATE=""
KEEP_BUILD=0
BUILD_DIR="./build"
OUT_DIR="./rendered"

log() { echo "[render] $*" >&2; }

while getopts ":p:t:k" opt; do
    case "$opt" in
        p) PLAN="$OPTARG" ;;
        t) TEMPLATE="$OPTARG" ;;
        k) KEEP_BUILD=1 ;;
        *) echo "usage: $0 -p PLAN.csv -t TEMPLATE [-k]" >&2; exit 2 ;;
    esac
done
[[ -r "$PLAN" && -r "$TEMPLATE" ]] || { log "plan and template must be readable"; exit 2; }

mkdir -p "$BUILD_DIR" "$OUT_DIR"

host_info() {
    local os="unknown"
    [[ -r /etc/os-release ]] && os="$(. /etc/os-release && echo "${PRETTY_NAME:-unknown}")"
    echo "$os"
}

# helper written once into ./build and run per site
cat > "$BUILD_DIR/render_one.sh" <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
SITE_ID="$1" PCI="$2" TAC="$3" EARFCN="$4" TEMPLATE_TEXT="$(cat "$5")" python3 - <<'PY'
import os, string, sys
tpl = string.Template(os.environ["TEMPLATE_TEXT"])
try:
    sys.stdout.write(tpl.substitute(site_id=os.environ["SITE_ID"], pci=os.environ["PCI"],
                                    tac=os.environ["TAC"], earfcn=os.environ["EARFCN"]))
except KeyError as exc:
    sys.exit(f"template needs {exc}")
PY
EOF

render_all() {
    local count=0 site pci tac earfcn
    while IFS=, read -r site pci tac earfcn; do
        [[ "$site" == "site_id" || -z "$site" ]] && continue
        if ! [[ "$pci" =~ ^[0-9]+$ ]] || (( pci > 1007 )); then
            log "$site: PCI $pci out of range, skipped"
            continue
        fi
        bash "$BUILD_DIR/render_one.sh" "$site" "$pci" "$tac" "$earfcn" "$TEMPLATE" \
            > "$OUT_DIR/$site.cfg"
        chmod 0600 "$OUT_DIR/$site.cfg"
        count=$((count + 1))
    done < "$PLAN"
    echo "$count"
}

write_manifest() {
    local entries=""
    local f
    for f in "$OUT_DIR"/*.cfg; do
        [[ -f "$f" ]] || continue
        entries+="$(basename "$f")=$(base64 -w0 < "$f") "
    done
    MANIFEST_ENTRIES="$entries" RENDER_HOST="$(host_info)" python3 -c '
import json, os
entries = {}
for item in os.environ["MANIFEST_ENTRIES"].split():
    name, _, b64 = item.partition("=")
    entries[name] = {"content_b64": b64}
doc = {"rendered_on": os.environ["RENDER_HOST"], "files": entries}
with open("rendered/manifest.json", "w") as fh:
    json.dump(doc, fh, indent=2)
print(len(entries))
'
}

main() {
    local n m
    n="$(render_all)"
    log "rendered $n site file(s) into $OUT_DIR"
    m="$(write_manifest)"
    chmod 0600 "$OUT_DIR/manifest.json"
    log "manifest lists $m file(s)"
    if (( ! KEEP_BUILD )); then
        rm -rf "$BUILD_DIR"
        log "build directory removed"
    fi
}

main
