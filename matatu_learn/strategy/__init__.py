"""The strategy lab: cut odds, simulations at scale and game review (numpy; Dask only here)."""
