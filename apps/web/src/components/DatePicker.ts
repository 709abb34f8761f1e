import '@/utils/dayjs';

/**
 * antd's DatePicker, with dayjs's zh-cn locale loaded: the picker formats dates and names weekdays and months
 * through dayjs in the ConfigProvider's locale ('zh-cn'), which must have been registered with dayjs.
 * Pages import DatePicker from here (ESLint refuses it from 'antd').
 */
export { DatePicker } from 'antd';
