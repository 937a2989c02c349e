import torch
model = torch.load("model.pt")
print(model)
