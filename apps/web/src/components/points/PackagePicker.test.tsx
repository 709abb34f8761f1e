import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentInformation, RechargePackage } from '@mazhu/contracts';
import { get } from '@/api/request';
import PackagePicker from './PackagePicker';
import PayeeInfo from './PayeeInfo';
import type * as requestModule from '@/api/request';

vi.mock('@/api/request', async (original) => ({ ...(await original<typeof requestModule>()), get: vi.fn() }));
const mockedGet = vi.mocked(get);

const PKG: RechargePackage = { id: 7, name: '标准套餐', price: '50.00', points: 500, giftedPoints: 50, sort: 1, onSale: true, description: '' };

const withQueries = (node: ReactNode) => <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>;

describe('recharge page parts (/pointsRecharge)', () => {
  afterEach(() => {
    cleanup();
    mockedGet.mockReset();
  });

  it('says a failed package load is a failure, with a retry — not "no packages on sale"', async () => {
    mockedGet.mockResolvedValueOnce(null); // HTTP error: the request layer answers null
    render(withQueries(<PackagePicker onChange={vi.fn()} />));
    await screen.findByTestId('packages-error');
    expect(screen.getByTestId('packages-error').textContent).toContain('充值套餐加载失败');
    expect(screen.queryByText(/暂无可购买的充值套餐/)).toBeNull();
    mockedGet.mockResolvedValueOnce({ code: 200, msg: '', data: [PKG] });
    fireEvent.click(screen.getByTestId('packages-retry'));
    await screen.findByTestId('package-7');
    expect(screen.queryByTestId('packages-error')).toBeNull();
  });

  it('shows the server’s message of an error code, and "no packages" only for an empty list', async () => {
    mockedGet.mockResolvedValueOnce({ code: 500, msg: '服务繁忙，请稍后再试', data: null as never });
    render(withQueries(<PackagePicker onChange={vi.fn()} />));
    await waitFor(() => expect(screen.getByTestId('packages-error').textContent).toContain('充值套餐加载失败：服务繁忙，请稍后再试'));
    cleanup();
    mockedGet.mockResolvedValueOnce({ code: 200, msg: '', data: [] });
    render(withQueries(<PackagePicker onChange={vi.fn()} />));
    await screen.findByText(/暂无可购买的充值套餐/);
  });

  it('says the payee is not set while it is the placeholder, and shows it once an operator set it', async () => {
    const placeholder: PaymentInformation = { accountName: '（请运营人员在后台填写收款户名）', bankName: '（请运营人员在后台填写开户银行）', accountNumber: '', qrImage: '', noteRule: '转账时请在备注中填写订单号。', tips: '' };
    mockedGet.mockResolvedValueOnce({ code: 200, msg: '', data: placeholder });
    render(withQueries(<PayeeInfo />));
    await screen.findByTestId('payee-missing');
    expect(screen.queryByText(/请运营人员/)).toBeNull();
    cleanup();
    mockedGet.mockResolvedValueOnce({ code: 200, msg: '', data: { ...placeholder, accountName: '码著科技有限公司', bankName: '招商银行', accountNumber: '6214 8301 2345 6789' } });
    render(withQueries(<PayeeInfo />));
    await screen.findByText('码著科技有限公司');
  });
});
