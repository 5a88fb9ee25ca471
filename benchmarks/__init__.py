"""Research tooling kept out of the product: engine comparisons with other libraries."""
