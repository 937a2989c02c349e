from pathlib import Path
conf = Path("/etc/nginx/sites-available/app")
conf.write_text("server { listen 80; root /srv/app; }\n")
Path("/etc/nginx/sites-enabled/app").symlink_to(conf)
