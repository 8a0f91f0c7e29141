import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ProductPriceCell } from './ProductPriceCell';

const product = (calculated_price: string, total_cost: string, components: unknown[] = [{}]) => ({ calculated_price, total_cost, components });

describe('the Products screen price', () => {
  it("warns when the price is below the components' cost", () => {
    render(<ProductPriceCell product={product('500.00', '830.69')} />);
    expect(screen.getByRole('img', { name: "Price $500.00 is below the components' cost $830.69" })).toHaveTextContent('Below cost');
  });

  it('does not warn at or above cost, nor for a product without components', () => {
    const { rerender } = render(<ProductPriceCell product={product('830.69', '830.69')} />);
    expect(screen.queryByText('Below cost')).toBeNull();
    expect(screen.getByText('$830.69')).toBeTruthy();
    rerender(<ProductPriceCell product={product('900.00', '0.00', [])} />);
    expect(screen.queryByText('Below cost')).toBeNull();
  });
});
