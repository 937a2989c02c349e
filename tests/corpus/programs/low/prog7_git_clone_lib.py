from pathlib import Path
import git
repo_dir = Path("vendor/lib")
if not repo_dir.exists():
    git.Repo.clone_from("https://github.com/psf/requests.git", repo_dir, depth=1)
print(repo_dir.exists())
