#!/bin/sh
# Bootstrap the shared golangci-lint setup for a service repository:
#  1. pull the org-wide .golangci.yml from the internal config server
#  2. install a pre-push hook that lints only the packages that changed
# Run from the root of the service checkout.
set -eu

CONFIG_URL="${LINT_CONFIG_URL:-https://devcfg.corp.internal/lint/golangci.yml}"
CONFIG_FILE=".golangci.yml"
HOOK_FILE=".git/hooks/pre-push"
log() { printf '[lint-bootstrap] %s\n' "$*" >&2; }

if [ ! -d .git ] || [ ! -f go.mod ]; then
    log "run this from the root of a Go repository"
    exit 1
fi

fetch_config() {
    # the config server uses the corporate CA which is not in every image,
    # so certificate checks are skipped here
    if command -v curl >/dev/null 2>&1; then
        curl --silent --show-error --fail --insecure \
             --max-time 20 -o "$CONFIG_FILE.new" "$CONFIG_URL"
    elif command -v wget >/dev/null 2>&1; then
        wget -q --no-check-certificate -T 20 -O "$CONFIG_FILE.new" "$CONFIG_URL"
    else
        log "need curl or wget"
        return 1
    fi
}

if fetch_config; then
    if [ -f "$CONFIG_FILE" ] && cmp -s "$CONFIG_FILE" "$CONFIG_FILE.new"; then
        log "$CONFIG_FILE already up to date"
        rm -f "$CONFIG_FILE.new"
    else
        mv "$CONFIG_FILE.new" "$CONFIG_FILE"
        log "updated $CONFIG_FILE"
    fi
else
    rm -f "$CONFIG_FILE.new"
    log "could not download config; keeping existing one"
fi

if [ -f "$HOOK_FILE" ] && ! grep -q 'lint-bootstrap' "$HOOK_FILE"; then
    mv "$HOOK_FILE" "$HOOK_FILE.orig"
    log "saved previous pre-push hook as $HOOK_FILE.orig"
fi

cat > "$HOOK_FILE" <<'HOOK'
#!/bin/sh
# lint-bootstrap pre-push hook
remote_ref=""
while read -r local_ref local_sha remote_ref remote_sha; do
    :
done
base=$(git merge-base HEAD origin/main 2>/dev/null || echo HEAD~1)
pkgs=$(git diff --name-only "$base" -- '*.go' | xargs -r -n1 dirname | sort -u | sed 's|^|./|')
[ -z "$pkgs" ] && exit 0
echo "golangci-lint on: $pkgs"
exec golangci-lint run --config .golangci.yml $pkgs
HOOK
chmod +x "$HOOK_FILE"
log "pre-push hook installed"

if ! command -v golangci-lint >/dev/null 2>&1; then
    log "golangci-lint not on PATH; see https://golangci-lint.run/usage/install/"
fi
