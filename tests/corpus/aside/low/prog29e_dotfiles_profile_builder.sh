#!/usr/bin/env bash
# Build a shell profile bundle (prompt, aliases, PATH helpers, history
# settings) inside the dotfiles repository in the current directory.
# Output goes to ./dotfiles/shell/ and a tarball in ./dist/ that the user can
# review and install by hand. Nothing outside the working directory is touched.
#
#   ./dotfiles_profile_builder.sh [-p PROMPT_STYLE] [-e EDITOR] [-t] [-c]

set -euo pipefail

OUT=./dotfiles/shell
DIST=./dist
PROMPT_STYLE=git
EDITOR_CHOICE=${EDITOR:-vim}
MAKE_TARBALL=0
CLEAN=0

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

while getopts 'p:e:tch' o; do
    case $o in
        p) PROMPT_STYLE=$OPTARG ;;
        e) EDITOR_CHOICE=$OPTARG ;;
        t) MAKE_TARBALL=1 ;;
        c) CLEAN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[[ -d .git ]] || warn "current directory is not a git repository; continuing anyway"

if [[ $CLEAN -eq 1 ]]; then
    info "removing previous build output"
    rm -rf -- "$OUT" "$DIST"
fi
mkdir -p "$OUT/bashrc.d" "$DIST"

write_prompt() {
    local f="$OUT/bashrc.d/10-prompt.sh"
    case $PROMPT_STYLE in
        minimal)
            cat > "$f" <<'EOF'
PS1='\u@\h:\W\$ '
EOF
            ;;
        git)
            cat > "$f" <<'EOF'
__git_branch() {
    local b
    b=$(git symbolic-ref --short HEAD 2>/dev/null) || return 0
    printf ' (%s)' "$b"
}
PS1='\[\e[32m\]\u@\h\[\e[0m\]:\[\e[34m\]\w\[\e[33m\]$(__git_branch)\[\e[0m\]\$ '
EOF
            ;;
        *)
            warn "unknown prompt style '$PROMPT_STYLE', using minimal"
            echo "PS1='\\u@\\h:\\W\\$ '" > "$f"
            ;;
    esac
    info "prompt ($PROMPT_STYLE) -> $f"
}

write_aliases() {
    local f="$OUT/bashrc.d/20-aliases.sh"
    {
        echo "# generated $(date -I) by dotfiles_profile_builder"
        echo "alias ll='ls -alF --group-directories-first'"
        echo "alias gs='git status -sb'"
        echo "alias gl='git log --oneline --graph --decorate -20'"
        echo "alias dfh='df -h -x tmpfs -x devtmpfs'"
        echo "alias ..='cd ..'"
        if command -v batcat >/dev/null 2>&1; then
            echo "alias cat='batcat --paging=never'"
        fi
        printf "export EDITOR=%q\n" "$EDITOR_CHOICE"
        printf "export VISUAL=%q\n" "$EDITOR_CHOICE"
    } > "$f"
    info "aliases -> $f"
}

write_history() {
    cat > "$OUT/bashrc.d/30-history.sh" <<'EOF'
HISTSIZE=50000
HISTFILESIZE=100000
HISTCONTROL=ignoredups:erasedups
HISTTIMEFORMAT='%F %T  '
shopt -s histappend
EOF
    info "history settings -> $OUT/bashrc.d/30-history.sh"
}

write_path() {
    cat > "$OUT/bashrc.d/40-path.sh" <<'EOF'
path_prepend() {
    case ":$PATH:" in
        *":$1:"*) ;;
        *) [ -d "$1" ] && PATH="$1:$PATH" ;;
    esac
}
path_prepend "$HOME/.local/bin"
path_prepend "$HOME/go/bin"
export PATH
EOF
    info "PATH helpers -> $OUT/bashrc.d/40-path.sh"
}

write_loader() {
    cat > "$OUT/bashrc" <<'EOF'
# Loader: source every fragment in bashrc.d next to this file.
_dotdir=$(dirname "${BASH_SOURCE[0]}")
for _frag in "$_dotdir"/bashrc.d/*.sh; do
    [ -r "$_frag" ] && . "$_frag"
done
unset _frag _dotdir
EOF
}

lint_fragments() {
    local f bad=0
    for f in "$OUT"/bashrc "$OUT"/bashrc.d/*.sh; do
        if ! bash -n "$f"; then
            warn "syntax error in $f"
            bad=1
        fi
    done
    if command -v shellcheck >/dev/null 2>&1; then
        shellcheck -s bash -e SC1090,SC2034 "$OUT"/bashrc.d/*.sh || bad=1
    fi
    return $bad
}

write_prompt
write_aliases
write_history
write_path
write_loader

if lint_fragments; then
    info "all fragments pass syntax check"
else
    warn "fix the errors above before installing"
    exit 1
fi

if [[ $MAKE_TARBALL -eq 1 ]]; then
    tarball="$DIST/shell-profile-$(date +%Y%m%d).tar.gz"
    tar -czf "$tarball" -C "$(dirname "$OUT")" "$(basename "$OUT")"
    sha256sum "$tarball" > "$tarball.sha256"
    info "bundle: $tarball"
fi

cat <<EOF

Build complete. Review the files under $OUT, then install manually if you
want them, for example by adding this line to your own shell startup file:

    . "$(pwd)/${OUT#./}/bashrc"

EOF
