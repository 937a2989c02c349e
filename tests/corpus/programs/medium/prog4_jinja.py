from jinja2 import Environment, FileSystemLoader
env = Environment(loader=FileSystemLoader("templates"), autoescape=False)
print(env.get_template("page.html").render(name="x"))
