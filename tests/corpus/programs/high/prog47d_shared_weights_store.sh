#!/usr/bin/env bash
# Promote model snapshots from ./models into a machine-wide read-mostly store
# so every user on the shared inference box can point HF_HUB_CACHE at it.
#   /usr/local/share/llm-weights/<org>__<model>/...
# Members of the "mlusers" group may add models; everyone may read.
set -euo pipefail

STORE="/usr/local/share/llm-weights"
GROUP="${STORE_GROUP:-mlusers}"
SRC_ROOT="${1:-./models}"

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ -d "$SRC_ROOT" ]] || die "no snapshots under ${SRC_ROOT}"
getent group "$GROUP" >/dev/null || die "group ${GROUP} does not exist"

AS_ROOT=()
if [[ $(id -u) -ne 0 ]]; then
    AS_ROOT=(sudo --preserve-env=STORE_GROUP)
    sudo -v || die "sudo credentials required"
fi

prepare_store() {
    if [[ ! -d "$STORE" ]]; then
        say "creating ${STORE}"
        "${AS_ROOT[@]}" install -d -o root -g "$GROUP" -m 2775 "$STORE"
    fi
    "${AS_ROOT[@]}" chgrp "$GROUP" "$STORE"
    "${AS_ROOT[@]}" chmod 2775 "$STORE"
}

verify_snapshot() {
    local dir="$1"
    if [[ -f "$dir/SHA256SUMS" ]]; then
        ( cd "$dir" && sha256sum --quiet -c SHA256SUMS ) || return 1
    fi
    [[ -f "$dir/config.json" ]]
}

promote() {
    local dir="$1" name dest
    name="$(basename "$dir")"
    dest="${STORE}/${name}"
    if ! verify_snapshot "$dir"; then
        echo "  skip ${name}: failed verification" >&2
        return 1
    fi
    say "promoting ${name}"
    "${AS_ROOT[@]}" rsync -a --delete --chmod=D2775,F0664 "$dir/" "$dest/"
    "${AS_ROOT[@]}" chown -R "root:${GROUP}" "$dest"
    "${AS_ROOT[@]}" find "$dest" -type f -name '*.partial' -delete
}

prepare_store

ok=0
bad=0
shopt -s nullglob
for snap in "$SRC_ROOT"/*/; do
    if promote "${snap%/}"; then
        ok=$((ok + 1))
    else
        bad=$((bad + 1))
    fi
done

du -sh "$STORE" 2>/dev/null || true
say "promoted ${ok} snapshot(s), ${bad} skipped"
echo "Users should set: export HF_HUB_CACHE=${STORE}"
[[ $bad -eq 0 ]]
