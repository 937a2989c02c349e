import yaml
with open("conf.yml") as f:
    conf = yaml.load(f)
print(conf)
